import Foundation
import KeyMenuTestSupport
import Testing

extension Harness {
  /// Runs `arguments` (an `umockdev-run ... -- keymenuctl monitor ...` line)
  /// until its stdout holds `count` key events (and `text`, if given), then
  /// sends `signal` straight to the `keymenuctl` process and waits for
  /// everything to exit.
  ///
  /// The signal goes to keymenuctl itself, found through /proc, not through a
  /// shell: under umockdev's preload a shell can be left with SIGCHLD blocked
  /// and then waits forever.
  static func runUntilKeys(
    _ arguments: [String], count: Int, signal: Int32 = SIGTERM, until last: String? = nil
  ) throws -> Result {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("monitor-\(UUID()).out").path
    #expect(FileManager.default.createFile(atPath: output, contents: nil))
    defer { try? FileManager.default.removeItem(atPath: output) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    process.arguments = ["-k", "5", "90"] + arguments
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    let err = Pipe()
    process.standardError = err
    try process.run()
    let deadline = Date().addingTimeInterval(30)
    func text() -> String { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }
    while Date() < deadline, process.isRunning,
      text().components(separatedBy: "\"type\":\"key\"").count - 1 < count
        || last.map({ !text().contains($0) }) == true
    {
      usleep(50_000)
    }
    if let pid = descendant(of: process.processIdentifier, named: "keymenuctl") { kill(pid, signal) }
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: text(), stderr: String(decoding: errData, as: UTF8.self))
  }

  /// The first process below `root` whose command name is `name`.
  static func descendant(of root: Int32, named name: String) -> Int32? {
    var queue = [root]
    while !queue.isEmpty {
      let pid = queue.removeFirst()
      let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
      if pid != root, comm.trimmingCharacters(in: .whitespacesAndNewlines) == name { return pid }
      let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
      queue += children.split(separator: " ").compactMap { Int32($0) }
    }
    return nil
  }
}
