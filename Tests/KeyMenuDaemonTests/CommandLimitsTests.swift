import Foundation
import KeyMenuTestSupport
import Testing

/// What configured commands may cost keymenud, against a live keymenud
/// (Tests/Fixtures/clients/command_limits.py): running commands are bounded
/// per uid, with their descriptors; `timeout_ms` kills a command's process
/// group; running out of descriptors neither spins nor locks root out.
@Suite(.serialized)
struct CommandLimitsTests {
  init() throws { try DaemonHarness.checkEmulation() }

  static let prlimit = "/usr/bin/prlimit"

  /// A configuration with commands on (as nobody) and `items` in menu `main`.
  static func config(_ items: String, commands: String = "", socket: String = "") -> String {
    """
    log_level = "info"
    [socket]
    mode = "0666"
    \(socket)
    [commands]
    enabled = true
    user = "nobody"
    \(commands)
    [menus.main]
    title = "Main"
    items = [
    \(items)
    ]
    """
  }

  static func count(_ text: String, in log: String) -> Int { log.components(separatedBy: text).count - 1 }

  /// A drive client (uid 65534) invokes an item that runs `sleep 60` 200
  /// times: 16 start (`max_running_per_uid`), 184 are refused with -32007
  /// (logged once); keymenud's children and descriptors grow by at most 16.
  /// Before: 200 processes and 200 more descriptors, nothing refused.
  @Test(.enabled(if: DaemonHarness.runs && getuid() == 0))
  func aFloodOfCommandsIsRefusedPastTheUIDsShare() throws {
    let harness = try DaemonHarness()
    chmod(harness.directory, 0o755)
    try harness.writeConfig(
      Self.config(
        #"{ title = "Sleep", run = ["sleep", "60"] },"#,
        socket: """
          [[socket.tiers]]
          uid = 65534
          tier = "drive"
          """))
    let result = try harness.run(
      """
      until 10000 $CTL status
      \(DaemonHarness.longClient("flood", "$PY $CLIENTS/command_limits.py flood main.sleep 200 16"))
      """)
    #expect(result.status == 0, "\(result.stderr)")
    let flood = try harness.longClientResult("flood")
    #expect(flood.status == "0" && flood.output.contains("command limits passed"), "\(flood.output)")
    #expect(
      Self.count("not running sleep for uid 65534: it runs 16 commands already", in: result.stderr) == 1,
      "the first refusal of a burst is logged, the rest counted: \(result.stderr)")
    #expect(
      result.stderr.contains("uid 65534 is back under its share of commands; 184 were refused meanwhile"),
      "\(result.stderr)")
  }

  /// `timeout_ms = 500`: a command that ends on SIGTERM, one that ignores
  /// it (SIGKILL 2 s later) and one that exits at once leaving a process in
  /// its group that holds `KEYMENU_FD` are all gone and reaped, each
  /// logged. Before: all three ran their 60 s.
  @Test(.enabled(if: DaemonHarness.runs && getuid() == 0))
  func aCommandThatOutlivesItsTimeoutIsKilledWithItsGroup() throws {
    let harness = try DaemonHarness()
    chmod(harness.directory, 0o777)
    let dir = harness.directory
    try harness.writeConfig(
      Self.config(
        """
        { title = "Term", shell = true, run = 'echo $$ > \(dir)/term.pid; exec sleep 60' },
        { title = "Stubborn", shell = true, run = 'trap "" TERM; echo $$ > \(dir)/stubborn.pid; sleep 60' },
        { title = "Orphan", shell = true, run = 'echo $$ > \(dir)/orphan.pid; sleep 60 & exit 0' },
        """, commands: "timeout_ms = 500"))
    let result = try harness.run(
      """
      until 10000 $CTL status
      spawn term $CTL invoke main.term
      reap term 0
      spawn stubborn $CTL invoke main.stubborn
      reap stubborn 0
      spawn orphan $CTL invoke main.orphan
      reap orphan 0
      \(DaemonHarness.longClient("timeout", "$PY $CLIENTS/command_limits.py timeout $DIR"))
      """)
    #expect(result.status == 0, "\(result.stderr)")
    let timeout = try harness.longClientResult("timeout")
    #expect(timeout.status == "0" && timeout.output.contains("command limits passed"), "\(timeout.output)")
    #expect(
      Self.count("ran longer than timeout_ms = 500: sent SIGTERM", in: result.stderr) == 3, "\(result.stderr)"
    )
    #expect(
      Self.count("was still running 2000 ms after SIGTERM: sent SIGKILL", in: result.stderr) == 1,
      "only the one that ignores SIGTERM needs SIGKILL: \(result.stderr)")
  }

  /// keymenud under RLIMIT_NOFILE 64 with every descriptor taken by
  /// connections: it stops accepting (logged once) instead of spinning,
  /// a command that cannot get its descriptors is logged once, and the
  /// connection waiting in the backlog (root's) is answered once one
  /// closes. Before: the accept loop spun (100-300 ticks in 3 s), logging
  /// nothing.
  @Test(
    .enabled(if: DaemonHarness.runs && getuid() == 0 && FileManager.default.isExecutableFile(atPath: prlimit))
  )
  func runningOutOfDescriptorsNeitherSpinsNorLocksRootOut() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig(Self.config(#"{ title = "Sleep", run = ["sleep", "60"] },"#))
    let result = try harness.run(
      """
      until 10000 $CTL status
      \(DaemonHarness.longClient("exhaust", "$PY $CLIENTS/command_limits.py exhaust main.sleep"))
      """, launcher: [Self.prlimit, "--nofile=64:64", "--"])
    #expect(result.status == 0, "\(result.stderr)")
    let exhaust = try harness.longClientResult("exhaust")
    #expect(exhaust.status == "0" && exhaust.output.contains("command limits passed"), "\(exhaust.output)")
    #expect(
      Self.count("cannot accept a connection: Too many open files", in: result.stderr) == 1,
      "\(result.stderr)")
    #expect(Self.count("accepting connections again;", in: result.stderr) == 1, "\(result.stderr)")
    #expect(
      Self.count("further failures are counted until a command starts", in: result.stderr) == 1,
      "\(result.stderr)")
  }
}
