import Foundation
import Testing

/// Paths and process helpers shared by the emulated-device tests.
enum Harness {
  /// `Tests/` in the source tree.
  static let testsDirectory: String = {
    let file = #filePath
    let here = file[..<file.lastIndex(of: "/")!]
    return String(here[..<here.lastIndex(of: "/")!])
  }()

  static let fixtures = testsDirectory + "/Fixtures"
  static let devices = fixtures + "/devices"

  /// The build products folder (where the test bundle and `keymenuctl` live).
  static let products: String = {
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
    return (exe as NSString).deletingLastPathComponent
  }()

  static let keymenuctl = products + "/keymenuctl"

  static let umockdevRun = "/usr/bin/umockdev-run"
  static let systemPython = "/usr/bin/python3"

  /// Whether umockdev (and the Python GI bindings the hot-plug driver needs) are installed.
  static let hasUmockdev: Bool =
    FileManager.default.isExecutableFile(atPath: umockdevRun)
    && FileManager.default.fileExists(
      atPath: "/usr/lib/x86_64-linux-gnu/girepository-1.0/UMockdev-1.0.typelib")
    && FileManager.default.isExecutableFile(atPath: systemPython)

  static let skipMessage: Comment =
    "umockdev is not installed: apt-get install umockdev libumockdev-dev gir1.2-umockdev-1.0 python3-gi"

  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String

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

  /// Runs a program to completion and captures its output.
  ///
  /// GNU `timeout` runs it in a process group of its own and kills the whole
  /// group after `timeout` seconds, so a hung child can never hang the tests.
  static func run(
    _ arguments: [String], input: String? = nil, environment: [String: String] = [:],
    timeout: Int = 90
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    process.arguments = ["-k", "5", String(timeout)] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe()
    let err = Pipe()
    let inPipe = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = inPipe
    try process.run()
    if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
    try inPipe.fileHandleForWriting.close()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
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
