import KeyMenuTestSupport
import Testing

/// Devices plugged in and pulled out while `keymenuctl monitor` runs, driven
/// by `Tests/Fixtures/hotplug.py` (umockdev testbed, uevents, PTY hang-up).
@Suite(.enabled(if: Harness.hasUmockdev, Harness.skipMessage))
struct HotplugTests {
  @Test func devicePluggedAfterStartIsUsed() throws {
    let result = try Harness.hotplug(
      """
      wait 300
      plug 20 keyboard
      expect device.added.*event20
      key 20 KEY_A 1
      key 20 KEY_A 0
      expect '"key":"KEY_A","action":"up"'
      plug 21 remote
      expect device.added.*event21.*remote
      key 21 KEY_OK 1
      key 21 KEY_OK 0
      expect KEY_OK.*up
      signal TERM
      exit
      """, ["monitor", "--json"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.keyLines == ["KEY_A down -", "KEY_A up -", "KEY_OK down -", "KEY_OK up -"])
    let added = result.objects.filter { $0["type"] as? String == "device.added" }.map {
      $0["path"] as? String
    }
    #expect(added == ["/dev/input/event20", "/dev/input/event21"])
    Harness.expectNoKeysLogged(result)
  }

  /// A keyboard vanishes with Ctrl+A held: both are released (synthetic), the
  /// device is reported removed, and the keypad goes on with no Ctrl stuck.
  @Test func removalMidStreamReleasesHeldKeysAndSparesOthers() throws {
    let result = try Harness.hotplug(
      """
      plug 30 keyboard
      plug 31 keypad
      expect device.added.*event30
      expect device.added.*event31
      key 30 KEY_LEFTCTRL 1
      key 30 KEY_A 1
      expect KEY_A.*down
      key 31 KEY_KP1 1
      key 31 KEY_KP1 0
      expect KEY_KP1.*up
      unplug 30
      expect device.removed.*event30
      key 31 KEY_KP2 1
      key 31 KEY_KP2 0
      expect KEY_KP2.*up
      signal TERM
      exit
      """, ["monitor", "--json"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(
      result.keyLines == [
        "KEY_LEFTCTRL down leftctrl", "KEY_A down leftctrl", "KEY_KP1 down leftctrl", "KEY_KP1 up leftctrl",
        "KEY_A up leftctrl synthetic", "KEY_LEFTCTRL up - synthetic", "KEY_KP2 down -", "KEY_KP2 up -",
      ])
    let removed = try #require(result.objects.first { $0["type"] as? String == "device.removed" })
    #expect(removed["path"] as? String == "/dev/input/event30")
  }

  @Test func pointersAndPowerButtonsAreLeftAlone() throws {
    let result = try Harness.hotplug(
      """
      plug 40 mouse
      plug 41 powerbutton
      plug 42 remote
      expect device.added.*event42
      key 40 BTN_LEFT 1
      key 41 KEY_POWER 1
      key 42 KEY_BACK 1
      expect KEY_BACK
      signal TERM
      exit
      """, ["monitor", "--json"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.keyLines == ["KEY_BACK down -"])
    let added = result.objects.filter { $0["type"] as? String == "device.added" }
    #expect(added.count == 1)
  }

  @Test func allDevicesIncludesAMouse() throws {
    let result = try Harness.hotplug(
      """
      plug 45 mouse
      expect device.added.*event45.*pointer
      key 45 BTN_LEFT 1
      expect BTN_LEFT
      signal TERM
      exit
      """, ["monitor", "--json", "--all-devices"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.keyLines == ["BTN_LEFT down -"])
  }

  /// With --device, monitor ends by itself, status 0, when its device is gone.
  @Test func explicitDeviceEndsWhenUnplugged() throws {
    let result = try Harness.run(
      [
        Harness.systemPython, Harness.fixtures + "/hotplug.py", "-", "--", "/bin/sh", "-c",
        "while [ ! -e /dev/input/event50 ]; do sleep 0.05; done; exec \"$0\" monitor --json --device /dev/input/event50",
        Harness.keymenuctl,
      ],
      input: """
        plug 50 keyboard
        expect device.added
        key 50 KEY_B 1
        expect KEY_B
        unplug 50
        expect device.removed
        exit
        """)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.keyLines == ["KEY_B down -", "KEY_B up - synthetic"])
  }

  @Test func textOutputForPeople() throws {
    let result = try Harness.hotplug(
      """
      plug 60 keyboard
      expect 'device added: /dev/input/event60'
      key 60 KEY_RIGHTCTRL 1
      key 60 KEY_X 1
      expect KEY_X
      signal TERM
      exit
      """, ["monitor"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasSuffix("  event60  KEY_X  down  +rightctrl") })
  }
}
