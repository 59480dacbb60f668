import KeyMenuCore
import KeyMenuProtocol
import KeyMenuTestKit
import Testing

/// Issue 28, findings 3 and 4: the modal stack reaches clients as a window
/// of its front. Before, every change re-encoded the whole stack for every
/// subscriber (60 text boxes and a gauge: each `gauge.update` wrote all 61
/// entries), and an observer's `state.get` or subscription snapshot of one
/// user's 30 long text boxes (1.8 MB) was over the 1 MiB slow-reader limit,
/// so presenters were disconnected because of someone else's objects.
@Suite struct StateWindowTests {
  let daemon: InProcessDaemon

  init() throws { daemon = try InProcessDaemon(configuration: "") }

  /// `count` text boxes of `lines` lines of `width` characters each, shown
  /// by `client` with request ids from `firstID`.
  func showTextBoxes(_ client: InProcessClient, count: Int, lines: Int, width: Int, firstID: Int) throws {
    let line = String(repeating: "x", count: width)
    let text = Array(repeating: line, count: lines).joined(separator: "\n")
    for index in 0..<count {
      let refused = try client.request(
        firstID + index, "textbox.show", ["title": .string("Box \(index)"), "text": .string(text)])
      #expect(refused == nil, "textbox \(index): \(String(describing: refused))")
    }
  }

  @Test func anUpdateBehindTheWindowSendsThatModalOnlyAndNoStateChanged() throws {
    let client = try daemon.connect(tier: .drive)
    let subscriber = try daemon.connect(tier: .observe, uid: 1001)
    try subscriber.request(1, "events.subscribe", ["topics": ["dialog"]])
    try client.request(1, "gauge.show", ["title": "Copying", "percent": 0])
    try showTextBoxes(client, count: 60, lines: 3, width: 20, firstID: 10)
    _ = subscriber.notifications()
    for percent in 1...30 {
      let answer = try client.request(
        100 + percent, "gauge.update", ["request": 1, "percent": .int(percent)])
      #expect(answer?["result"] != nil)
    }
    let updates = subscriber.notifications("dialog.updated")
    #expect(updates.count == 30)
    #expect(updates.last?["params"]?["percent"] == 30)
    #expect(subscriber.notifications("state.changed").isEmpty)
    let state = try subscriber.request(2, "state.get")?["result"]
    #expect(state?["stack"]?.arrayValue?.count == ModalState.maximumEntries)
    #expect(state?["total"] == 61)
  }

  @Test func anUpdateInTheWindowSendsTheWindowNotTheStack() throws {
    let client = try daemon.connect(tier: .drive)
    let subscriber = try daemon.connect(tier: .observe, uid: 1001)
    try subscriber.request(1, "events.subscribe", ["topics": ["dialog"]])
    try showTextBoxes(client, count: 60, lines: 3, width: 20, firstID: 10)
    try client.request(1, "gauge.show", ["title": "Copying", "percent": 0])
    _ = subscriber.notifications()
    try client.request(2, "gauge.update", ["request": 1, "percent": 50])
    let changed = subscriber.notifications("state.changed").map(\.["params"])
    #expect(changed.count == 1)
    #expect(changed.first??["total"] == 61)
    let stack = changed.first??["stack"]?.arrayValue ?? []
    #expect(stack.count == ModalState.maximumEntries)
    #expect(stack.last?["percent"] == 50)
    // Nothing shown changed: no line at all.
    try client.request(3, "gauge.update", ["request": 1, "percent": 50])
    #expect(subscriber.notifications("state.changed").isEmpty)
  }

  @Test func aDeepStackOfLongTextBoxesStaysUnderTheSlowReaderLimitForAnObserver() throws {
    let client = try daemon.connect(tier: .drive)
    let observer = try daemon.connect(tier: .observe, uid: 1001)
    // 30 boxes of 200 lines of 299 characters: 60,000 bytes of text each, 1.8 MB in all.
    try showTextBoxes(client, count: 30, lines: 200, width: 299, firstID: 10)
    let state = try #require(try observer.request(1, "state.get"))
    let snapshot = try #require(try observer.request(2, "events.subscribe", ["topics": ["dialog"]]))
    for answer in [state, snapshot] {
      let bytes = answer.jsonText.utf8.count
      #expect(bytes < ProtocolLimits.outboundLimitBytes / 2, "an answer of \(bytes) bytes")
    }
    #expect(state["result"]?["total"] == 30)
    #expect(snapshot["result"]?["snapshot"]?["state"]?["total"] == 30)
    let answers = [state]
    let front = answers.first?["result"]?["stack"]?.arrayValue?.last
    #expect(front?["title"] == "Box 29")
    // Still connected, and told of what comes next.
    try client.request(100, "gauge.show", ["title": "Last"])
    #expect(observer.notifications("state.changed").count == 1)
  }
}
