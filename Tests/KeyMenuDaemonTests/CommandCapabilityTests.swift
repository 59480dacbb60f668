import Foundation
import KeyMenuTestSupport
import Testing

/// Commands keep none of keymenud's capabilities. Under systemd's commands
/// drop-in keymenud runs as its own user with CAP_SETUID and CAP_SETGID as
/// ambient capabilities; those survive a change between two users that are
/// not root, and execve, unless the spawn clears them (make test-systemd's
/// `commands` check found a command with both).
@Suite(.serialized)
struct CommandCapabilityTests {
  static let setpriv = "/usr/bin/setpriv"

  init() throws { try DaemonHarness.checkEmulation() }

  @Test(
    .enabled(if: DaemonHarness.runs && getuid() == 0 && FileManager.default.isExecutableFile(atPath: setpriv))
  )
  func aCommandStartsWithoutTheDaemonsAmbientCapabilities() throws {
    let harness = try DaemonHarness()
    // keymenud runs as daemon (uid 1) here and writes its socket; the
    // command, as nobody, writes caps.txt.
    chmod(harness.directory, 0o777)
    try harness.writeConfig(
      """
      log_level = "info"
      [commands]
      enabled = true
      user = "nobody"
      [menus.main]
      title = "Main"
      items = [{ title = "Caps", shell = true, run = 'grep -E "^(CapPrm|CapEff|CapAmb):" /proc/self/status > \(harness.directory)/caps.txt' }]
      """)
    chmod(harness.config, 0o644)
    // As systemd starts it with the drop-in: not root, both capabilities
    // ambient (and so inheritable, permitted and effective).
    let launcher = [
      Self.setpriv, "--reuid=daemon", "--regid=daemon", "--clear-groups", "--inh-caps=-all,+setuid,+setgid",
      "--ambient-caps=+setuid,+setgid", "--",
    ]
    let result = try harness.run(
      """
      until 10000 test -S $DIR/s.sock
      spawn invoke $CTL invoke main.caps
      reap invoke 0
      until 10000 test -s $DIR/caps.txt
      wait 200
      signal TERM
      exit
      """, launcher: launcher)
    #expect(result.status == 0, "\(result.stderr)")
    let caps = try String(contentsOfFile: harness.directory + "/caps.txt", encoding: .utf8)
    let lines = caps.split(separator: "\n").map {
      $0.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    #expect(
      lines == ["CapPrm: 0000000000000000", "CapEff: 0000000000000000", "CapAmb: 0000000000000000"], "\(caps)"
    )
  }
}
