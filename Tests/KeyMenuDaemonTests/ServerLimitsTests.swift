import Foundation
import KeyMenuTestSupport
import Testing

/// The server's protection of everyone from one client, against a live
/// keymenud: the per-uid share of connections, coalescing for subscribers
/// that fall behind, and the deadline for a begun request line.
@Suite(.serialized)
struct ServerLimitsTests {
  /// uid 65534 holds its 64 connections and is refused the 65th (three
  /// times, logged once); root and uid 1 still connect meanwhile.
  @Test(.enabled(if: DaemonHarness.runs && getuid() == 0))
  func aUserGetsItsShareOfConnectionsAndOthersStillConnect() throws {
    let harness = try DaemonHarness()
    chmod(harness.directory, 0o755)
    try harness.writeConfig(
      """
      log_level = "info"
      [socket]
      mode = "0666"
      """)
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn shares $PY $CLIENTS/share_checks.py
      reap shares 0 'share checks passed'
      """)
    #expect(result.status == 0, "\(result.stderr)")
    let refusals = result.stderr.components(separatedBy: "refused a connection from uid 65534").count - 1
    #expect(refusals == 1, "the first refusal of a burst is logged, the others counted: \(result.stderr)")
    #expect(
      result.stderr.contains("uid 65534 is back under its share; 3 connections were refused meanwhile"),
      "\(result.stderr)")
  }

  /// One drive client shows and dismisses 300 alerts with 16 KB messages
  /// while `keymenuctl ui --plain`, `keymenuctl subscribe alert menu` (both
  /// stopped during the burst) and a raw subscriber that does not read
  /// follow: none is disconnected, all end with the final state.
  @Test(.enabled(if: DaemonHarness.runs))
  func followersThatFallBehindAreCoalescedNotDisconnected() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      \(DaemonHarness.longClient("burst", "$PY $CLIENTS/burst_checks.py $CTL $DIR"))
      """)
    #expect(result.status == 0, "\(result.stderr)")
    let burst = try harness.longClientResult("burst")
    #expect(burst.status == "0" && burst.output.contains("burst checks passed"), "\(burst.output)")
    #expect(!result.stderr.contains("stopped reading"), "nobody was disconnected: \(result.stderr)")
  }

  /// A begun line that is not completed within the (shortened) deadline is
  /// answered -32600 and closed, logged once; one completed in time and an
  /// idle connection are served.
  @Test(.enabled(if: DaemonHarness.runs))
  func aRequestLineNotCompletedInTimeClosesTheConnection() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn slow $PY $CLIENTS/slow_line.py 1500
      reap slow 0 'slow line checks passed'
      """, environment: ["KEYMENU_LINE_TIMEOUT_MS": "1500"])
    #expect(result.status == 0, "\(result.stderr)")
    let logged = result.stderr.components(separatedBy: "request line not completed within 1500 ms").count - 1
    #expect(logged == 1, "logged once: \(result.stderr)")
  }

  /// `keymenuctl subscribe` and `ui --plain` exit 254 with a message when the
  /// daemon goes.
  @Test(.enabled(if: DaemonHarness.runs))
  func subscribeAndUIExitNonZeroWhenTheDaemonCloses() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn watch sh -c "exec $CTL subscribe alert menu > $DIR/watch.txt 2> $DIR/watch.err"
      spawn ui sh -c "exec $CTL ui --plain > $DIR/ui.txt 2> $DIR/ui.err"
      until 5000 sh -c "grep -q snapshot $DIR/watch.txt && grep -q 'Nothing in front' $DIR/ui.txt"
      signal TERM
      reap watch 254
      reap ui 254
      exit
      """)
    #expect(result.status == 0, "\(result.stderr)")
    func read(_ name: String) throws -> String {
      try String(contentsOfFile: "\(harness.directory)/\(name)", encoding: .utf8)
    }
    #expect(try read("watch.err").contains("keymenuctl: keymenud closed the connection"))
    #expect(try read("ui.err").contains("keymenuctl: keymenud closed the connection"))
  }
}
