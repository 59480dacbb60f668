import Foundation
import Testing

/// Runs keymenud on emulated devices through the hot-plug driver, with a
/// configuration and socket in a private temporary directory.
struct DaemonHarness {
  /// `Tests/` in the source tree.
  static let testsDirectory: String = {
    let file = #filePath
    let here = file[..<file.lastIndex(of: "/")!]
    return String(here[..<here.lastIndex(of: "/")!])
  }()

  static let fixtures = testsDirectory + "/Fixtures"
  static let clients = fixtures + "/clients"
  static let products: String = {
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
    return (exe as NSString).deletingLastPathComponent
  }()
  static let keymenud = products + "/keymenud"
  static let keymenuctl = products + "/keymenuctl"
  static let systemPython = "/usr/bin/python3"

  static let hasUmockdev =
    FileManager.default.isExecutableFile(atPath: "/usr/bin/umockdev-run")
    && FileManager.default.fileExists(
      atPath: "/usr/lib/x86_64-linux-gnu/girepository-1.0/UMockdev-1.0.typelib")

  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The private directory (mode 0700 from mkdtemp).
  let directory: String

  init() throws {
    var template = Array((NSTemporaryDirectory() + "/keymenu-test-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
    directory = String(cString: made)
  }

  var socket: String { directory + "/s.sock" }
  var config: String { directory + "/keymenu.toml" }

  /// Writes the configuration file.
  func writeConfig(_ text: String) throws {
    try text.write(toFile: config, atomically: true, encoding: .utf8)
  }

  /// Runs `scenario` (Tests/Fixtures/hotplug.py) with keymenud as PROGRAM;
  /// `$CTL` in the scenario is keymenuctl, `$DIR` the directory, `$PY` Python,
  /// `$CLIENTS` Tests/Fixtures/clients.
  func run(_ scenario: String, extraArguments: [String] = [], environment: [String: String] = [:]) throws
    -> Result
  {
    let text =
      scenario
      .replacingOccurrences(of: "$CTL", with: Self.keymenuctl)
      .replacingOccurrences(of: "$DIR", with: directory)
      .replacingOccurrences(of: "$PY", with: Self.systemPython)
      .replacingOccurrences(of: "$CLIENTS", with: Self.clients)
    return try Self.run(
      [Self.systemPython, Self.fixtures + "/hotplug.py", "-", "--", Self.keymenud, "--config", config]
        + extraArguments,
      input: text, environment: ["KEYMENU_SOCKET": socket].merging(environment) { $1 })
  }

  /// Runs a program to completion under GNU `timeout` (its whole process
  /// group is killed after `timeout` seconds).
  static func run(
    _ arguments: [String], input: String? = nil, environment: [String: String] = [:], timeout: Int = 120
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
    // Both pipes are drained at once: a full stderr pipe must not stall the child.
    let errData = LockedData()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      errData.set(err.fileHandleForReading.readDataToEndOfFile())
      done.signal()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    done.wait()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData.get(), as: UTF8.self))
  }
}

/// Bytes handed from a reader thread to the test.
final class LockedData: @unchecked Sendable {
  private var data = Data()
  private let lock = NSLock()
  func set(_ value: Data) { lock.withLock { data = value } }
  func get() -> Data { lock.withLock { data } }
}
