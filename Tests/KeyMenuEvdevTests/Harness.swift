import Foundation
import KeyMenuTestSupport
import Testing

/// Paths and process helpers shared by the emulated-device tests.
enum Harness {
  static let fixtures = TestProcess.fixtures
  static let devices = fixtures + "/devices"
  static let products = TestProcess.products
  static let keymenuctl = products + "/keymenuctl"

  static let umockdevRun = "/usr/bin/umockdev-run"
  static let systemPython = TestProcess.systemPython

  /// Whether umockdev (and the Python GI bindings the hot-plug driver needs) are installed.
  static let hasUmockdev = TestProcess.hasUmockdev

  static let skipMessage: Comment =
    "umockdev is not installed: apt-get install umockdev libumockdev-dev gir1.2-umockdev-1.0 python3-gi"

  typealias Result = TestProcess.Result

  /// Runs a program to completion (see ``TestProcess/run(_:input:environment:timeout:)``).
  static func run(
    _ arguments: [String], input: String? = nil, environment: [String: String] = [:], timeout: Int = 90
  ) throws -> Result {
    try TestProcess.run(arguments, input: input, environment: environment, timeout: timeout)
  }

  /// `umockdev-run` arguments that load the named device profiles at their own nodes.
  static func testbed(_ profiles: [(name: String, node: Int)], ioctl: [String: String] = [:]) -> [String] {
    var arguments = [umockdevRun]
    for profile in profiles {
      let ioctlName = ioctl[profile.name] ?? profile.name
      arguments += ["-d", "\(devices)/\(profile.name).umockdev"]
      arguments += ["-i", "/dev/input/event\(profile.node)=\(devices)/\(ioctlName).ioctl"]
    }
    return arguments
  }

  /// Runs the hot-plug driver with a scenario, PROGRAM being `keymenuctl ARGS`.
  static func hotplug(_ scenario: String, _ arguments: [String]) throws -> Result {
    try run(
      [systemPython, fixtures + "/hotplug.py", "-", "--", keymenuctl] + arguments, input: scenario)
  }

  /// Asserts that diagnostics carry no key values (nothing key-like on stderr).
  static func expectNoKeysLogged(_ result: Result, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
      !result.stderr.contains("KEY_"), "stderr leaks key names: \(result.stderr)",
      sourceLocation: sourceLocation)
  }
}

extension TestProcess.Result {
  /// Every stdout line that is a JSON object.
  var objects: [[String: Any]] {
    stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  /// The key events, rendered `KEY action mods[ synthetic]` for compact comparisons.
  var keyLines: [String] {
    objects.filter { $0["type"] as? String == "key" }.map { object in
      let mods = (object["modifiers"] as? [String] ?? []).joined(separator: "+")
      let synthetic = object["synthetic"] as? Bool == true ? " synthetic" : ""
      return "\(object["key"]!) \(object["action"]!) \(mods.isEmpty ? "-" : mods)\(synthetic)"
    }
  }
}
