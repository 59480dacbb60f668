import Foundation
import Testing

/// keymenud with the real programs around it: systemd's socket activation
/// (`systemd-socket-activate`).
@Suite(.serialized)
struct SystemdIntegrationTests {
  static let requireEmulation = ProcessInfo.processInfo.environment["KEYMENU_REQUIRE_UMOCKDEV"] == "1"
  static let socketActivate = "/usr/bin/systemd-socket-activate"

  static func installed(_ program: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: program)
  }

  init() throws {
    if Self.requireEmulation { try #require(DaemonHarness.hasUmockdev, "umockdev is required") }
  }

  @Test(.enabled(if: (DaemonHarness.hasUmockdev && installed(socketActivate)) || requireEmulation))
  func socketActivationServesClientsAndLeavesTheInheritedSocket() throws {
    try #require(Self.installed(Self.socketActivate), "systemd-socket-activate (package systemd) is required")
    let harness = try DaemonHarness()
    // If the daemon ignored LISTEN_FDS it would listen here instead (and the
    // clients, which use s.sock, would get no answer).
    let fallback = harness.directory + "/fallback.sock"
    try harness.writeConfig("log_level = \"info\"\n[socket]\npath = \"\(fallback)\"\n")
    // systemd-socket-activate passes only the variables named with -E: the
    // preload and the testbed, not KEYMENU_SOCKET.
    let launcher = [
      Self.socketActivate, "--listen=" + harness.socket, "-E", "LD_PRELOAD", "-E", "UMOCKDEV_DIR", "--",
    ]
    // The first client's connection is what starts the daemon.
    let result = try harness.run(
      """
      plug 3 keyboard
      spawn first $CTL status --json
      reap first 0 '"name":"keymenud".*"uptime_ms":'
      spawn second $CTL call hello --json
      reap second 0 '"name":"keymenud"'
      spawn devices $CTL call devices.list --json
      reap devices 0 '"name":"keymenu Test Keyboard"'
      signal TERM
      exit
      """, launcher: launcher)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("using the socket passed by the service manager"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: fallback), "the daemon created its own socket")
    // The socket belongs to the service manager: the daemon must not remove it.
    var info = stat()
    let exists = lstat(harness.socket, &info) == 0
    #expect(exists, "the inherited socket file was removed")
    if exists { #expect(info.st_mode & S_IFMT == S_IFSOCK) }
  }
}
