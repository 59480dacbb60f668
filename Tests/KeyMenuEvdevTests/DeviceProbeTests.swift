import Foundation
import KeyMenuTestSupport
import Testing

/// `keymenuctl devices --json` on six emulated devices: the capability probe
/// through libevdev and the keyboard classification.
@Suite(.enabled(if: Harness.hasUmockdev, Harness.skipMessage))
struct DeviceProbeTests {
  static let profiles = [
    ("powerbutton", 2), ("keyboard", 3), ("keypad", 4), ("remote", 5), ("mouse", 6), ("touchpad", 8),
    ("gamepad", 10),
  ]

  func probe() throws -> [String: [String: Any]] {
    let result = try Harness.run(
      Harness.testbed(Self.profiles) + ["--", Harness.keymenuctl, "devices", "--json"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    var byPath: [String: [String: Any]] = [:]
    for object in result.objects { byPath[object["path"] as? String ?? "?"] = object }
    return byPath
  }

  @Test func listsEveryDeviceWithItsIdentity() throws {
    let devices = try probe()
    #expect(devices.keys.sorted() == Self.profiles.map { "/dev/input/event\($0.1)" }.sorted())
    let keyboard = try #require(devices["/dev/input/event3"])
    #expect(keyboard["name"] as? String == "keymenu Test Keyboard")
    #expect(keyboard["bus"] as? Int == 3)
    #expect(keyboard["vendor"] as? Int == 0x1234)
    #expect(keyboard["product"] as? Int == 0x5678)
    #expect((keyboard["phys"] as? String)?.isEmpty == false)
    #expect(devices["/dev/input/event2"]?["name"] as? String == "Power Button")
    #expect(devices["/dev/input/event6"]?["relative_axes"] as? Bool == true)
    #expect(devices["/dev/input/event8"]?["absolute_axes"] as? Bool == true)
    #expect((devices["/dev/input/event6"]?["answer_keys"] as? [String])?.isEmpty == true)
  }

  @Test(arguments: [
    ("/dev/input/event3", "keyboard", true),
    ("/dev/input/event4", "keypad", true),
    ("/dev/input/event5", "remote", true),
    ("/dev/input/event6", "pointer", false),
    ("/dev/input/event8", "pointer", false),
    ("/dev/input/event2", "other", false),
    ("/dev/input/event10", "remote", true),
  ])
  func classifies(path: String, kind: String, keyboard: Bool) throws {
    let device = try #require(try probe()[path])
    #expect(device["kind"] as? String == kind)
    #expect(device["keyboard"] as? Bool == keyboard)
    let reason = device["reason"] as? String ?? ""
    #expect(reason.hasPrefix(kind))
    if keyboard {
      #expect(reason.contains("answer keys:"))
    } else {
      #expect(reason.contains("no answer keys"))
    }
  }

  /// A gamepad is a remote by the standard table: A is OK, B Back, its hat
  /// and stick the arrows; X, Y and the triggers count for nothing.
  @Test func aGamepadIsARemoteWithTheKeysItsTableSends() throws {
    let pad = try #require(try probe()["/dev/input/event10"])
    #expect(pad["gamepad"] as? Bool == true)
    #expect(
      pad["answer_keys"] as? [String] == [
        "KEY_UP", "KEY_LEFT", "KEY_RIGHT", "KEY_DOWN", "KEY_BACK", "KEY_OK",
      ])
    #expect((pad["reason"] as? String)?.hasPrefix("remote (gamepad) with answer keys:") == true)
    #expect(try probe()["/dev/input/event3"]?["gamepad"] as? Bool == false)
  }

  /// README's gamepad lines are what `keymenuctl devices` prints for it.
  @Test func theReadmeShowsTheGamepadAsKeymenuctlPrintsIt() throws {
    let result = try Harness.run(
      Harness.testbed([("gamepad", 10)]) + ["--", Harness.keymenuctl, "devices"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let printed = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let readme = Set(Readme.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
    #expect(printed.count == 3 && printed.allSatisfy(readme.contains), "\(printed)")
  }

  @Test func remoteHasNavigationButNoLetters() throws {
    let remote = try #require(try probe()["/dev/input/event5"])
    let reason = remote["reason"] as? String ?? ""
    #expect(reason.contains("KEY_UP") && reason.contains("KEY_BACK"))
    let answers = remote["answer_keys"] as? [String] ?? []
    #expect(
      ["KEY_OK", "KEY_BACK", "KEY_UP", "KEY_DOWN", "KEY_LEFT", "KEY_RIGHT"].allSatisfy(answers.contains))
    #expect(!answers.contains("KEY_A") && !answers.contains("KEY_ENTER"))
    #expect(remote["autorepeat"] as? Bool == true)
    #expect(remote["relative_axes"] as? Bool == false)
  }

  @Test func textListingSaysWhy() throws {
    let result = try Harness.run(Harness.testbed(Self.profiles) + ["--", Harness.keymenuctl, "devices"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("keyboard: yes, keypad with answer keys: KEY_KP"))
    #expect(result.stdout.contains("keyboard: no, other, no answer keys (has KEY_POWER)"))
  }
}
