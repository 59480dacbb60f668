import Foundation
import KeyMenuCore
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

  /// `keymenuctl learn` on a receiver with no keymap: OK held (its scancode
  /// three times) is one press, OK again is refused for Back, Back comes,
  /// Up never does; the table it prints loads in keymenud.
  @Test func learnPrintsTheTableOfTheButtonsPressed() throws {
    let result = try Harness.run(
      Harness.testbed([("ircv", 11)])
        + ["-e", "/dev/input/event11=\(Harness.fixtures)/events/learn-remote.events", "--"]
        + [
          Harness.keymenuctl, "learn", "--device", "/dev/input/event11", "--key", "OK", "--key", "back",
          "--key",
          "KEY_UP", "--timeout", "4", "--quiet",
        ])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(
      result.stdout == """
        # keymenuctl learn: 2 of 3 keys from keymenu Test IR Receiver
        # not learned: KEY_UP
        [[remotes]]
        name = "keymenu Test IR Receiver"
        scancodes = { 0x40 = "KEY_OK", 0x43 = "KEY_BACK" }

        """)
    #expect(
      result.stderr.split(separator: "\n") == [
        "Press OK on the remote", "OK: scancode 0x40", "Press Back on the remote",
        "scancode 0x40 is OK already; press another button", "Press Back on the remote",
        "Back: scancode 0x43",
        "Press Up on the remote", "Up: nothing came; left out",
      ])
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("learned-\(UUID()).toml").path
    defer { try? FileManager.default.removeItem(atPath: file) }
    try result.stdout.write(toFile: file, atomically: true, encoding: .utf8)
    let check = try TestProcess.run([Harness.products + "/keymenud", "--check", file])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
  }

  /// A device named to attack a terminal, a log and a configuration file
  /// (escape sequences, newlines, a forged line, a right-to-left override,
  /// glob characters): learn prints its name as a TOML string that loads
  /// and a comment with the characters made visible, never raw.
  @Test func learnPrintsAHostileNameAsTextThatLoads() throws {
    let result = try Harness.run(
      Harness.testbed([("hostile", 9)])
        + ["-e", "/dev/input/event9=\(Harness.fixtures)/events/learn-hostile.events", "--"]
        + [Harness.keymenuctl, "learn", "--device", "/dev/input/event9", "--key", "OK", "--quiet"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(ShownText.isClean(result.stdout, allowingNewlines: true), "\(result.stdout)")
    #expect(result.stdout.split(separator: "\n").count == 4, "\(result.stdout)")
    #expect(
      result.stdout.contains(
        #"name = "Evil\u001b]0;pwned\u0007\u001b\\[2J\u000a\u000afake log: admin \u202egnp.exe""#))
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("learned-\(UUID()).toml").path
    defer { try? FileManager.default.removeItem(atPath: file) }
    try result.stdout.write(toFile: file, atomically: true, encoding: .utf8)
    let check = try TestProcess.run([Harness.products + "/keymenud", "--check", file])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
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
