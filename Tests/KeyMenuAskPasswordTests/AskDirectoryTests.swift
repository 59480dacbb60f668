import Foundation
import Glibc
import KeyMenuAskPassword
import KeyMenuTestSupport
import Testing

/// The ask directory watched and answered (``AskDirectory``, ``AskReply``)
/// against the real `systemd-ask-password`: its question seen through
/// inotify, read, answered with `+` and the passphrase (which it prints) or
/// declined with `-`, and its file gone after. The real program asks in
/// the system's own directory, so this runs only as root on a machine not
/// booted with systemd (no agent there to answer or be bothered: CI's), and
/// `make test-systemd` covers the booted case.
@Suite(.serialized) struct AskDirectoryTests {
  static let program = "/usr/bin/systemd-ask-password"
  static let runsReal =
    getuid() == 0 && FileManager.default.isExecutableFile(atPath: program)
    && !FileManager.default.fileExists(atPath: "/run/systemd/system")

  /// Waits up to `seconds` for the directory's changes to hold one matching `wanted`.
  func waitFor(_ directory: AskDirectory, seconds: Int32 = 10, _ wanted: (AskDirectory.Change) -> Bool)
    -> Bool
  {
    var fds = pollfd(fd: directory.fileDescriptor, events: Int16(POLLIN), revents: 0)
    let deadline = Date().addingTimeInterval(Double(seconds))
    while Date() < deadline {
      if directory.changes().contains(where: wanted) { return true }
      _ = poll(&fds, 1, 200)
    }
    return false
  }

  /// The name of the first question that appears within 10 s.
  func waitForQuestion(_ directory: AskDirectory) -> String? {
    var name: String?
    _ = waitFor(directory) {
      if case .appeared(let appeared) = $0 { name = appeared }
      return name != nil
    }
    return name
  }

  /// Why a file was not read, or nil when it was.
  func refusal(_ result: Result<AskFile, AskDirectory.Refusal>) -> String? {
    if case .failure(let refusal) = result { return refusal.description }
    return nil
  }

  /// The real program asking, its standard output read when it ends.
  func ask(_ message: String) throws -> (process: Process, output: Pipe) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.program)
    process.arguments = ["--no-tty", "--timeout=30", "--id=cryptsetup:/dev/vdb", message]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    return (process, output)
  }

  @Test(.enabled(if: runsReal)) func theRealProgramGetsThePassphraseAndTheWipedBufferIsZeros() throws {
    try SystemAskDirectory.exclusively {
      let directory = try AskDirectory()
      let asked = try ask("Passphrase for data:")
      defer { if asked.process.isRunning { asked.process.terminate() } }
      let question = try #require(waitForQuestion(directory))
      let file = try directory.read(question).get()
      #expect(file.message == "Passphrase for data:" && file.asker == "/dev/vdb" && !file.echo)
      #expect(directory.names().contains(question))
      var passphrase = Array("s3cret ünïcode".utf8)
      try AskReply.accept(&passphrase, to: file.socket)
      #expect(passphrase.allSatisfy { $0 == 0 } && passphrase.count == "s3cret ünïcode".utf8.count)
      asked.process.waitUntilExit()
      let printed = String(decoding: asked.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      #expect(asked.process.terminationStatus == 0 && printed == "s3cret ünïcode\n")
      #expect(waitFor(directory) { $0 == .removed(question) }, "its file goes once answered")
    }
  }

  @Test(.enabled(if: runsReal)) func aDeclinedQuestionEndsTheRealProgramWithoutAPassphrase() throws {
    try SystemAskDirectory.exclusively {
      let directory = try AskDirectory()
      let asked = try ask("Passphrase for backup:")
      defer { if asked.process.isRunning { asked.process.terminate() } }
      let file = try directory.read(try #require(waitForQuestion(directory))).get()
      try AskReply.decline(to: file.socket)
      asked.process.waitUntilExit()
      let printed = asked.output.fileHandleForReading.readDataToEndOfFile()
      #expect(asked.process.terminationStatus != 0 && printed.isEmpty)
    }
  }

  /// Only a regular file of the owner is a question: not another user's
  /// file, not a link (even to the owner's file), not a directory.
  @Test func onlyTheOwnersRegularFilesAreRead() throws {
    var template = Array((NSTemporaryDirectory() + "/keymenu-ask-XXXXXX").utf8CString)
    let path = String(cString: try #require(mkdtemp(&template)))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let text = "[Ask]\nMessage=Unlock?\nSocket=\(path)/sck.1\n"
    try text.write(toFile: path + "/ask.mine", atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: path + "/ask.link", withDestinationPath: path + "/ask.mine")
    try FileManager.default.createDirectory(atPath: path + "/ask.dir", withIntermediateDirectories: false)
    let directory = try AskDirectory(path: path, owner: getuid())
    #expect(try directory.read("ask.mine").get().message == "Unlock?")
    #expect(refusal(directory.read("ask.link")) == "cannot open: Too many levels of symbolic links")
    #expect(refusal(directory.read("ask.dir")) == "not a regular file")
    #expect(refusal(directory.read("sck.1")) == "not an ask file")
    let someoneElse = try AskDirectory(path: path, owner: getuid() + 1)
    #expect(refusal(someoneElse.read("ask.mine")) == "owned by uid \(getuid()), not \(getuid() + 1)")
    #expect(directory.names() == ["ask.dir", "ask.link", "ask.mine"])
  }
}
