import Testing

@testable import KeyMenuServer

/// The outbound flow as a golden script: each step is an input and the
/// action it must produce.
@Suite struct OutboundFlowTests {
  typealias Flow = OutboundFlow<String>

  /// A readable form of an action.
  static func text(_ action: Flow.Action?) -> String {
    switch action {
    case nil: "none"
    case .write: "write"
    case .writeState(let slot, let skipped): "state \(slot) skipped \(skipped)"
    case .coalesced: "coalesced"
    case .disconnect(let pending): "disconnect \(pending)"
    case .discard: "discard"
    }
  }

  func flow() -> Flow { Flow(coalesceAbove: 100, resumeBelow: 30, limit: 200) }

  @Test func aClientThatKeepsUpGetsEverything() {
    var flow = flow()
    #expect(Self.text(flow.send(.followed, bytes: 40)) == "write")
    #expect(Self.text(flow.send(.state("s1"), bytes: 40)) == "write")
    #expect(Self.text(flow.written(bytes: 40, firm: false)) == "none")
    #expect(Self.text(flow.written(bytes: 40, firm: false)) == "none")
    #expect(Self.text(flow.send(.answer, bytes: 40)) == "write")
    #expect(flow.pending == 40 && flow.pendingFirm == 40)
  }

  @Test func aClientThatFallsBehindGetsTheNewestStateWithTheSkippedCount() {
    var flow = flow()
    let script: [(String, String)] = [
      ("followed 60", "write"),
      ("state s1 60", "write"),  // pending 120: over 100
      ("followed 60", "coalesced"),
      ("state s2 60", "coalesced"),
      ("answer 50", "write"),  // answers are never coalesced
      ("followed 60", "coalesced"),
      ("state s3 60", "coalesced"),  // s2 replaced: skipped 3
      ("written 60", "none"),  // pending 110
      ("written 60 firm:no", "none"),  // 50: not yet below 30
      ("written 50 firm", "state s3 skipped 3"),  // 0: caught up
      ("queued 70", "none"),
      ("followed 10", "write"),  // normal delivery again
      ("state s4 10", "write"),
    ]
    run(&flow, script)
    #expect(flow.slot == nil && flow.skipped == 0 && !flow.coalescing)
    #expect(flow.pending == 90)
  }

  @Test func skippedNotificationsWithoutAStateRideOnTheNextState() {
    var flow = flow()
    run(
      &flow,
      [
        ("event 120", "write"),
        ("followed 10", "coalesced"),
        ("followed 10", "coalesced"),
        ("written 120 firm", "none"),  // caught up, but no state was kept
        ("followed 10", "write"),
        ("state s1 10", "state s1 skipped 2"),
        ("state s2 10", "write"),
      ])
  }

  @Test func onlyTheFirmBacklogDisconnects() {
    var flow = flow()
    run(
      &flow,
      [
        ("state s1 150", "write"),  // followed state does not count towards the limit
        ("answer 150", "write"),
        ("state s2 500", "coalesced"),
        ("event 50", "write"),  // firm 200: at the limit, not beyond
        ("answer 1", "disconnect 201"),
        ("answer 1", "discard"),
        ("state s3 1", "discard"),
        ("written 150 firm:no", "none"),  // a disconnected client gets no state
      ])
    #expect(flow.disconnected && flow.slot == nil)
  }

  /// A batch written together (one completion for the connection's whole
  /// drain) ends as the same writes one by one end.
  @Test func aBatchReportedAtOnceCountsAsItsLines() {
    var flow = flow()
    run(
      &flow,
      [
        ("followed 60", "write"),
        ("answer 50", "write"),  // pending 110
        ("state s1 10", "coalesced"),
        ("event 40", "write"),  // pending 150, firm 90
        ("batch 150 firm 90", "state s1 skipped 0"),  // all of it written: caught up
      ])
    #expect(flow.pending == 0 && flow.pendingFirm == 0 && !flow.coalescing)
  }

  /// Runs `script`: each step is `INPUT` and the expected action's text.
  func run(_ flow: inout Flow, _ script: [(String, String)]) {
    for (step, expected) in script {
      let words = step.split(separator: " ").map(String.init)
      let action: Flow.Action?
      switch words[0] {
      case "answer": action = flow.send(.answer, bytes: Int(words[1])!)
      case "event": action = flow.send(.event, bytes: Int(words[1])!)
      case "followed": action = flow.send(.followed, bytes: Int(words[1])!)
      case "state": action = flow.send(.state(words[1]), bytes: Int(words[2])!)
      case "written":
        action = flow.written(bytes: Int(words[1])!, firm: words.count > 2 && words[2] == "firm")
      case "batch": action = flow.written(bytes: Int(words[1])!, firmBytes: Int(words[3])!)
      case "queued":
        flow.queued(bytes: Int(words[1])!)
        action = nil
      default: Issue.record("unknown step \(step)"); return
      }
      #expect(Self.text(action) == expected, "\(step)")
    }
  }
}
