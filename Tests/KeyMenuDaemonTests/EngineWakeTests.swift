import Foundation
import KeyMenuTestSupport
import Testing

/// A client's request is carried out on the socket's event loop when the
/// engine thread waits (it lends the engine's turn): a client's keys reach
/// the subscribers without waking the engine thread and then the event loop
/// again. Counted in the engine thread's voluntary context switches
/// (Tests/Fixtures/clients/engine_wakes.py), not in time.
@Suite struct EngineWakeTests {
  init() throws { try DaemonHarness.checkEmulation() }

  /// 200 presses on a client's menu, each after the last one's answer, a
  /// subscriber following: every one is answered and notified, and the
  /// engine thread wakes for few of them (0 in a quiet run). Handed over
  /// to the engine thread instead, each woke it: 200 of 200.
  @Test(.enabled(if: DaemonHarness.runs))
  func aClientsKeysAreCarriedOutWithoutWakingTheEngineThread() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let result = try harness.run(
      """
      until 10000 $CTL status
      \(DaemonHarness.longClient("presses", "$PY $CLIENTS/engine_wakes.py 200"))
      """)
    #expect(result.status == 0, "\(result.stderr)")
    let presses = try harness.longClientResult("presses")
    #expect(presses.status == "0", "\(presses.output)")
    let words = presses.output.split(whereSeparator: \.isWhitespace)
    #expect(
      Array(words.prefix(6)) == ["presses", "200", "answered", "200", "notified", "200"], "\(presses.output)")
    guard let woke = words.last.flatMap({ Int($0) }) else {
      Issue.record("no count in \(presses.output)")
      return
    }
    #expect(woke < 50, "the engine thread woke \(woke) times for 200 presses")
  }
}
