import Foundation
import KeyMenuTestSupport
import Testing

/// Errors a person can act on, and the documented exit codes (0, 1, 2).
/// These need no emulated device.
@Suite struct CommandErrorTests {
  func keymenuctl(_ arguments: String...) throws -> Harness.Result {
    try Harness.run([Harness.keymenuctl] + arguments)
  }

  @Test func missingPathSaysSo() throws {
    let result = try keymenuctl("monitor", "--device", "/dev/input/event-nonexistent")
    #expect(result.status == 1)
    #expect(result.stderr.contains("/dev/input/event-nonexistent: no such file or device"))
  }

  @Test func nonEvdevPathSaysENOTTY() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-evdev-\(UUID())").path
    #expect(FileManager.default.createFile(atPath: file, contents: Data("hello".utf8)))
    defer { try? FileManager.default.removeItem(atPath: file) }
    let result = try keymenuctl("monitor", "--device", file)
    #expect(result.status == 1)
    #expect(result.stderr.contains("is not an evdev input device (ENOTTY"))
  }

  @Test func permissionDeniedNamesTheInputGroup() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("perm-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let node = directory + "/event0"
    #expect(
      FileManager.default.createFile(atPath: node, contents: Data(), attributes: [.posixPermissions: 0o000]))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory)
    // Root opens anything, so as root the command runs as nobody.
    let command =
      getuid() == 0
      ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", Harness.keymenuctl]
      : [Harness.keymenuctl]
    let result = try Harness.run(command + ["monitor", "--device", node])
    #expect(result.status == 1, "stderr: \(result.stderr)")
    #expect(result.stderr.contains("permission denied"))
    #expect(result.stderr.contains("'input' group"))
  }

  @Test(arguments: [["bogus"], ["monitor", "--device"], ["monitor", "--frobnicate"], ["devices", "extra"]])
  func usageErrorsExitTwo(arguments: [String]) throws {
    let result = try Harness.run([Harness.keymenuctl] + arguments)
    #expect(result.status == 2, "\(arguments): \(result.stderr)")
    #expect(result.stderr.contains("Usage:"))
  }

  @Test func helpExitsZeroAndDocumentsExitCodes() throws {
    let result = try keymenuctl("--help")
    #expect(result.status == 0)
    #expect(result.stdout.contains("EXIT STATUS"))
    #expect(result.stdout.contains("monitor"))
  }
}
