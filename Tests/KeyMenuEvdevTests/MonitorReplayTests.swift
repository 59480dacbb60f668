import Foundation
import KeyMenuTestSupport
import Testing

/// `keymenuctl monitor --json` end to end on emulated keyboards replaying
/// evemu scripts through umockdev (the real libevdev read path).
@Suite(.enabled(if: Harness.hasUmockdev, Harness.skipMessage))
struct MonitorReplayTests {
  func replay(_ events: String, ioctl: String = "keyboard", count: Int, signal: Int32 = SIGTERM) throws
    -> Harness.Result
  {
    try Harness.runUntilKeys(
      Harness.testbed([("keyboard", 3)], ioctl: ["keyboard": ioctl])
        + ["-e", "/dev/input/event3=\(Harness.fixtures)/events/\(events)", "--"]
        + [Harness.keymenuctl, "monitor", "--json", "--device", "/dev/input/event3"],
      count: count, signal: signal)
  }

  @Test func modifiersAndAutorepeat() throws {
    let result = try replay("modifiers-repeat.events", count: 14)
    #expect(result.status == 0, "monitor should exit 0 on SIGTERM; stderr: \(result.stderr)")
    #expect(
      result.keyLines == [
        "KEY_LEFTSHIFT down leftshift", "KEY_A down leftshift", "KEY_A repeat leftshift",
        "KEY_A repeat leftshift", "KEY_A up leftshift", "KEY_LEFTSHIFT up -",
        "KEY_RIGHTALT down altgr", "KEY_E down altgr", "KEY_E up altgr", "KEY_RIGHTALT up -",
        "KEY_ESC down -", "KEY_ESC up -", "KEY_ENTER down -", "KEY_ENTER up -",
      ])
    let first = try #require(result.objects.first { $0["type"] as? String == "key" })
    #expect(first["time"] as? Double == 1.5)
    #expect(first["code"] as? Int == 42)
    #expect(first["path"] as? String == "/dev/input/event3")
    let added = try #require(result.objects.first)
    #expect(added["type"] as? String == "device.added")
    #expect(added["kind"] as? String == "keyboard")
    Harness.expectNoKeysLogged(result)
  }

  /// A gamepad's hat, stick and buttons come out as a remote's keys: the
  /// hat's Down, the stick's Down (repeated while it leans, here 1.2 s, past
  /// the 0.5 s delay), nothing for X, OK for A.
  @Test func aGamepadReadsAsARemote() throws {
    let result = try Harness.runUntilKeys(
      Harness.testbed([("gamepad", 10)])
        + ["-e", "/dev/input/event10=\(Harness.fixtures)/events/gamepad-nav.events", "--"]
        + [Harness.keymenuctl, "monitor", "--json", "--device", "/dev/input/event10"],
      count: 7, until: #""key":"KEY_OK","action":"up""#)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let lines = result.keyLines
    #expect(Array(lines.prefix(3)) == ["KEY_DOWN down -", "KEY_DOWN up -", "KEY_DOWN down -"], "\(lines)")
    let repeats = lines.dropFirst(3).prefix { $0 == "KEY_DOWN repeat -" }.count
    #expect(repeats >= 1, "held past the delay, the stick repeats: \(lines)")
    #expect(
      Array(lines.dropFirst(3 + repeats)) == ["KEY_DOWN up -", "KEY_OK down -", "KEY_OK up -"], "\(lines)")
    #expect(result.objects.first?["kind"] as? String == "remote")
  }

  @Test func sigintAlsoExitsZero() throws {
    let result = try replay("modifiers-repeat.events", count: 2, signal: SIGINT)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.keyLines.count >= 2)
  }

  /// Ctrl and A are down; the kernel drops events; after the drop the device
  /// reports Ctrl still held and A released. libevdev's resync releases A
  /// (synthetic), Ctrl stays held for the keys that follow, then is released.
  @Test func synDroppedWithKeyHeldAcrossTheDrop() throws {
    let result = try replay("dropped.events", ioctl: "keyboard-held-leftctrl", count: 6)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(
      result.keyLines == [
        "KEY_LEFTCTRL down leftctrl", "KEY_A down leftctrl", "KEY_A up leftctrl synthetic",
        "KEY_ESC down leftctrl", "KEY_ESC up leftctrl", "KEY_LEFTCTRL up -",
      ])
    let resyncs = result.objects.filter { $0["type"] as? String == "device.resynced" }
    #expect(resyncs.count == 1)
    #expect(resyncs.first?["path"] as? String == "/dev/input/event3")
    Harness.expectNoKeysLogged(result)
  }
}
