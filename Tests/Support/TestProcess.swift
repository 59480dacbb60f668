import Foundation
import Synchronization

/// Paths and a process runner shared by the test targets that start
/// keymenu's programs.
public enum TestProcess {
  /// `Tests/` in the source tree.
  public static let testsDirectory: String = {
    let file = #filePath
    let here = file[..<file.lastIndex(of: "/")!]
    return String(here[..<here.lastIndex(of: "/")!])
  }()

  /// `Tests/Fixtures`.
  public static let fixtures = testsDirectory + "/Fixtures"

  /// The build products folder (where the test bundle, keymenud and keymenuctl live).
  public static let products: String = {
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
    return (exe as NSString).deletingLastPathComponent
  }()

  /// Debian's Python, which has the GI bindings umockdev needs.
  public static let systemPython = "/usr/bin/python3"

  /// Whether umockdev (and the Python GI bindings the hot-plug driver needs) are installed.
  public static let hasUmockdev: Bool =
    FileManager.default.isExecutableFile(atPath: "/usr/bin/umockdev-run")
    && FileManager.default.fileExists(
      atPath: "/usr/lib/x86_64-linux-gnu/girepository-1.0/UMockdev-1.0.typelib")
    && FileManager.default.isExecutableFile(atPath: systemPython)

  /// What a finished program left.
  public struct Result: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    /// Creates a result.
    public init(status: Int32, stdout: String, stderr: String) {
      self.status = status
      self.stdout = stdout
      self.stderr = stderr
    }
  }

  /// Runs a program to completion and captures its output.
  ///
  /// GNU `timeout` runs it in a process group of its own and kills the whole
  /// group after `timeout` seconds, so a hung child never hangs the tests.
  /// Both pipes are drained at once: a full stderr pipe cannot stall it.
  public static func run(
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
    let errData = Mutex(Data())
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      let data = err.fileHandleForReading.readDataToEndOfFile()
      errData.withLock { $0 = data }
      done.signal()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    done.wait()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData.withLock { $0 }, as: UTF8.self))
  }
}
