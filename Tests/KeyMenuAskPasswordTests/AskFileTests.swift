import KeyMenuAskPassword
import Testing

/// The ask files of systemd's Password Agents specification (``AskFile``),
/// starting from one the real `systemd-ask-password` (systemd 252) wrote:
/// `systemd-ask-password --no-tty --timeout=60 --id=cryptsetup:/dev/vdb
/// --icon=drive-harddisk "Passphrase for data:"`.
@Suite struct AskFileTests {
  static let written = """
    [Ask]
    PID=13908
    Socket=/run/systemd/ask-password/sck.47981db2320f1074
    AcceptCached=0
    Echo=0
    NotAfter=38404233283
    Silent=0
    Message=Passphrase for data:
    Icon=drive-harddisk
    Id=cryptsetup:/dev/vdb

    """

  @Test func theRealProgramsFileIsRead() throws {
    let ask = try AskFile(parsing: Self.written)
    #expect(ask.message == "Passphrase for data:")
    #expect(ask.id == "cryptsetup:/dev/vdb" && ask.asker == "/dev/vdb")
    #expect(ask.icon == "drive-harddisk")
    #expect(!ask.echo && !ask.acceptCached)
    #expect(ask.notAfter == 38_404_233_283 && ask.pid == 13908)
    #expect(ask.socket == "/run/systemd/ask-password/sck.47981db2320f1074")
    #expect(!ask.hasExpired(at: 38_404_233_283) && ask.hasExpired(at: 38_404_233_284))
  }

  @Test func unknownKeysAndSectionsAreIgnoredAndTheFirstOfAKeyCounts() throws {
    let ask = try AskFile(
      parsing: """
        # a comment
        [Other]
        Socket=/elsewhere/sck.1
        Message=not this
        [Ask]
        Future=whatever
          Message =  Unlock the data volume\t
        Message=second
        Echo=1
        NotAfter=0
        Socket=/run/systemd/ask-password/sck.2\r

        """)
    #expect(ask.message == "Unlock the data volume")
    #expect(ask.echo && ask.notAfter == nil && ask.pid == nil && ask.id == nil && ask.asker == nil)
    #expect(ask.socket == "/run/systemd/ask-password/sck.2")
  }

  /// The answer goes only to a socket beside the ask file: never a path an
  /// ask file names elsewhere, nor one that climbs out of the directory.
  @Test(arguments: [
    "/run/user/0/sck.1", "/run/systemd/ask-password", "/run/systemd/ask-password/",
    "/run/systemd/ask-password/../../../tmp/s", "/run/systemd/ask-password/sub/sck.1",
    "/run/systemd/ask-password/..", "run/systemd/ask-password/sck.1", "/run/systemd/ask-passwordX/sck.1",
  ])
  func aSocketOutsideTheDirectoryIsRefused(socket: String) {
    #expect(throws: AskFile.Invalid.self) {
      try AskFile(parsing: "[Ask]\nMessage=Q\nSocket=\(socket)\n")
    }
  }

  @Test(arguments: [
    ("[Ask]\nMessage=Q\n", "no Socket="),
    ("[Ask]\nSocket=\n", "no Socket="),
    ("[Ask\nSocket=/run/systemd/ask-password/s\n", "a section header without ']'"),
    ("[Ask]\nSocket=/run/systemd/ask-password/s\nEcho=maybe\n", "Echo= is not 0 or 1"),
    ("[Ask]\nSocket=/run/systemd/ask-password/s\nNotAfter=-5\n", "NotAfter= is not a number"),
    ("[Ask]\nSocket=/run/systemd/ask-password/s\nPID=0\n", "PID= is not a process id"),
  ])
  func aBadFileSaysWhy(text: String, reason: String) {
    let error = #expect(throws: AskFile.Invalid.self) { try AskFile(parsing: text) }
    #expect(error?.description == reason)
  }

  @Test func aHugeFileIsRefusedUnread() {
    let text = "[Ask]\nSocket=/run/systemd/ask-password/s\nMessage=" + String(repeating: "x", count: 20_000)
    let error = #expect(throws: AskFile.Invalid.self) { try AskFile(parsing: text) }
    #expect(error?.description == "longer than 16 KiB")
  }

  @Test func onlyAskFilesAreQuestions() {
    #expect(AskFile.isQuestion(name: "ask.DBHF1D"))
    for name in ["sck.47981db2320f1074", "ask.", ".ask.x", "ask", "ask.a/b"] {
      #expect(!AskFile.isQuestion(name: name), "\(name)")
    }
  }

  @Test func anIdWithoutDetailIsItsSubsystem() throws {
    let ask = try AskFile(parsing: "[Ask]\nSocket=/d/s\nId=vpn:\n", directory: "/d")
    #expect(ask.asker == "vpn")
    let bare = try AskFile(parsing: "[Ask]\nSocket=/d/s\nId=nginx.service\n", directory: "/d")
    #expect(bare.asker == "nginx.service")
  }
}
