import Foundation
import Glibc
import KeyMenuTestSupport
import Testing

/// keymenu-ask-password (the multi-call keymenu under that name) against
/// keymenud on an emulated keyboard and the real systemd-ask-password: a
/// passphrase typed on the keyboard reaches the asker (the prompt marked as
/// the system's own question); a question answered
/// by another agent first takes keymenu's prompt away; a passed NotAfter
/// closes it; Esc declines; and no passphrase is in keymenud's log. The
/// real program asks in the system's own directory, so this runs only as
/// root on a machine not booted with systemd (CI's); `make test-systemd`
/// covers the booted case.
@Suite(.serialized)
struct AskAgentTests {
  static let runs =
    DaemonHarness.runs && getuid() == 0
    && FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-ask-password")
    && !FileManager.default.fileExists(atPath: "/run/systemd/system")

  /// A harness with keymenud at debug (its log checked for the passphrase)
  /// and a link named keymenu-ask-password to the multi-call keymenu.
  static func agentHarness() throws -> (DaemonHarness, agent: String) {
    try DaemonHarness.checkEmulation()
    let harness = try DaemonHarness()
    let agent = harness.directory + "/keymenu-ask-password"
    try FileManager.default.createSymbolicLink(
      atPath: agent, withDestinationPath: DaemonHarness.products + "/keymenu")
    try harness.writeConfig("log_level = \"debug\"\n")
    return (harness, agent)
  }

  /// Whether keymenud's own lines in `result` (not the driver's, which names
  /// what it expects) are there and hold no `secret`.
  static func logIsClean(_ result: DaemonHarness.Result, of secret: String) -> Bool {
    let log = (result.stdout + result.stderr).split(separator: "\n").filter { $0.contains("keymenud:") }
    return log.count > 10 && !log.contains { $0.contains(secret) }
  }

  @Test(.enabled(if: runs))
  func questionsAreAskedAndAnsweredFromTheKeyboard() throws {
    let (harness, agent) = try Self.agentHarness()
    // Another agent's answer: "+elsewhere" to the socket of the question asking "Second:".
    let elsewhere = """
      import glob, socket
      for path in glob.glob('/run/systemd/ask-password/ask.*'):
          lines = dict(l.split('=', 1) for l in open(path).read().splitlines() if '=' in l)
          if lines.get('Message') == 'Second:':
              socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM).sendto(b'+elsewhere', lines['Socket'])
      """
    try elsewhere.write(toFile: harness.directory + "/elsewhere.py", atomically: true, encoding: .utf8)
    let ask = "/usr/bin/systemd-ask-password --no-tty"
    let result = try SystemAskDirectory.exclusively {
      try harness.run(
        """
        plug 3 keyboard
        until 10000 $CTL status
        spawn agent \(agent)
        spawn first \(ask) --timeout=30 --id=cryptsetup:/dev/vdb "Passphrase for data:"
        until 10000 sh -c "$CTL state --json | grep 'Passphrase for data' | grep -q '\\"system\\":true'"
        key 3 S 1
        key 3 S 0
        key 3 KEY_3 1
        key 3 KEY_3 0
        key 3 C 1
        key 3 C 0
        key 3 ENTER 1
        key 3 ENTER 0
        reap first 0 ^s3c$
        spawn second \(ask) --timeout=30 "Second:"
        until 10000 sh -c "$CTL state --json | grep -q Second"
        spawn other $PY $DIR/elsewhere.py
        reap other 0
        reap second 0 ^elsewhere$
        until 10000 sh -c "! $CTL state --json | grep -q Second"
        spawn third \(ask) --timeout=2 "Third:"
        until 10000 sh -c "$CTL state --json | grep -q Third"
        until 10000 sh -c "! $CTL state --json | grep -q Third"
        reap third 1
        spawn fourth \(ask) --timeout=30 "Fourth:"
        until 10000 sh -c "$CTL state --json | grep -q Fourth"
        key 3 ESC 1
        key 3 ESC 0
        reap fourth 1 ^$
        """)
    }
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.logIsClean(result, of: "s3c"), "no passphrase in keymenud's log")
  }

  /// With `--query` (as its unit starts it) the agent answers the question
  /// waiting and then exits 0 by itself once the asker has gone and the
  /// directory is empty: nothing typed stays in a resident root process.
  @Test(.enabled(if: runs))
  func withQueryTheAgentEndsOnceNothingIsAsked() throws {
    let (harness, agent) = try Self.agentHarness()
    let result = try SystemAskDirectory.exclusively {
      try harness.run(
        """
        plug 3 keyboard
        until 10000 $CTL status
        spawn ask /usr/bin/systemd-ask-password --no-tty --timeout=30 "Query:"
        until 10000 sh -c "ls /run/systemd/ask-password/ | grep -q '^ask[.]'"
        spawn agent \(agent) --query
        until 10000 sh -c "$CTL state --json | grep -q Query"
        key 3 Q 1
        key 3 Q 0
        key 3 ENTER 1
        key 3 ENTER 0
        reap ask 0 ^q$
        reap agent 0
        """)
    }
    #expect(result.status == 0, "\(result.stderr)")
  }

  /// Only a remote attached: the agent's prompt shows the on-screen
  /// keyboard, and arrows and OK alone type a passphrase with a capital, a
  /// digit and a symbol (the keys of PromptCommandTests' remote case), which
  /// the real systemd-ask-password gets.
  @Test(.enabled(if: runs))
  func aRemoteTypesThePassphraseOnTheOnScreenKeyboard() throws {
    let (harness, agent) = try Self.agentHarness()
    let result = try SystemAskDirectory.exclusively {
      try harness.run(
        """
        plug 5 remote
        until 5000 sh -c "$CTL call devices.list --json | grep -q 'IR Remote'"
        spawn agent \(agent)
        spawn ask /usr/bin/systemd-ask-password --no-tty --timeout=30 "Passphrase for data:"
        until 10000 sh -c "$CTL state --json | grep -q '\\"keyboard\\"'"
        \(RemoteTyping.ab1Bang(device: 5))
        reap ask 0 ^Ab1!$
        """)
    }
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.logIsClean(result, of: "Ab1"), "no passphrase in keymenud's log")
  }
}
