import AlertsPlugin
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuRuntime
import KeyMenuTestKit
import Testing

@testable import KeyMenuDaemon

/// Every path that ends what a client holds gives its share back to the
/// per-uid and daemon-wide ledger: an alert answered, timed out or
/// dismissed, a menu closed, chosen or closed by a reload, a defined menu
/// removed or redefined, and all of it when the client disconnects. The
/// real `DaemonCore` runs in process (``InProcessDaemon``, as the fuzz
/// dispatch harness runs it), its clients on `EmbeddedChannel`s.
@Suite(.serialized) struct DaemonCoreHoldingsTests {
  let daemon: InProcessDaemon
  /// Runs `body` with the core on the engine thread (a turn of this test's thread).
  func withCore<T>(_ body: @EngineActor (DaemonCore) throws -> T) rethrows -> T { try daemon.onEngine(body) }

  static let configuration = """
    [menus.box]
    title = "Box"
    items = [ { title = "One", invoke = "x" } ]
    """

  init() throws { daemon = try InProcessDaemon(configuration: Self.configuration) }

  func connect(uid: UInt32) throws -> InProcessClient { try daemon.connect(tier: .admin, uid: uid) }

  func held(_ uid: UInt32) -> HoldingLedger<HoldingKey>.Totals { withCore { $0.holdings.totals(of: uid) } }

  var heldCount: Int { withCore { $0.holdings.count } }

  func frontID() -> String? { withCore { $0.engine.modalStack.snapshot.front?.id } }

  @Test func answeredTimedOutAndDismissedAlertsGiveTheirShareBack() throws {
    let client = try connect(uid: 1000)
    try client.request(1, "alert.show", ["title": "Answer me", "buttons": ["No", "Yes"]])
    try client.request(2, "alert.show", ["title": "Time out", "timeout_ms": 500])
    try client.request(3, "alert.show", ["title": "Dismiss me", "message": "m"])
    #expect(
      held(1000)
        == .init(waiting: 3, defined: 0, bytes: heldCost(objects: 3, items: 2, text: 9 + 5 + 8 + 10 + 1)))
    // Answered: the front alert, by the person (the plugin's answer path).
    let front = try #require(frontID())
    #expect(withCore { $0.host?.service((any AlertPresenting).self)?.answer(front, button: 1) } == true)
    daemon.settle()
    #expect(held(1000).waiting == 2)
    // Timed out: the next one reaches the front and its time passes.
    daemon.advanceClock(by: .milliseconds(600))
    #expect(held(1000) == .init(waiting: 1, defined: 0, bytes: heldCost(text: 11)))
    // Dismissed by its owner.
    #expect(try client.request(4, "alert.dismiss", ["request": 3])?["result"] != nil)
    #expect(held(1000) == .init())
    #expect(heldCount == 0)
  }

  @Test func closedChosenAndReloadedMenusGiveTheirShareBack() throws {
    let client = try connect(uid: 1000)
    try client.request(1, "menu.open", ["title": "T", "items": [["title": "a"], ["title": "b"]]])
    #expect(held(1000) == .init(waiting: 1, defined: 0, bytes: heldCost(items: 2, text: 3)))
    #expect(try client.request(2, "menu.close", ["request": 1])?["result"] != nil)
    #expect(held(1000) == .init())
    // A configured menu shown by a client holds a place and no text; a reload closes it.
    #expect(try client.request(3, "menu.show", ["name": "box"]) == nil)
    #expect(held(1000) == .init(waiting: 1, defined: 0, bytes: heldCost(text: 0)))
    try daemon.reload(configuration: Self.configuration)
    #expect(held(1000) == .init())
    // Closed by the panic chord's path, or the daemon stopping: every menu at once.
    try client.request(4, "menu.open", ["title": "T", "items": [["title": "a"]]])
    withCore { $0.host?.service((any MenuPresenting).self)?.closeAll() }
    daemon.settle()
    #expect(heldCount == 0)
  }

  @Test func definedMenusAreCountedOnceAndGiveTheirShareBack() throws {
    let client = try connect(uid: 1000)
    try client.request(1, "menu.define", ["name": "n", "title": "T", "items": [["title": "a"]]])
    #expect(held(1000) == .init(waiting: 0, defined: 1, bytes: heldCost(items: 1, text: 3)))
    try client.request(2, "menu.define", ["name": "n", "title": "Title", "items": [["title": "ab"]]])
    #expect(held(1000) == .init(waiting: 0, defined: 1, bytes: heldCost(items: 1, text: 8)))
    #expect(try client.request(3, "menu.remove", ["name": "n"])?["result"] != nil)
    #expect(held(1000) == .init())
    // A configured name is refused and holds nothing.
    #expect(
      try client.request(4, "menu.define", ["name": "box", "title": "T", "items": [["title": "a"]]])?[
        "error"]?[
          "message"]
        == "invalid params: name: menu box is defined by the configuration")
    #expect(heldCount == 0)
  }

  @Test func aDisconnectedClientsUIDCanHoldAsMuchAgain() throws {
    let limit = ProtocolLimits.maximumWaitingRequests
    var clients: [InProcessClient] = []
    var accepted = 0
    var refusal: JSONValue?
    fill: for _ in 0..<5 {
      let client = try connect(uid: 1000)
      clients.append(client)
      for n in 0..<limit {
        if let error = try client.request(n, "alert.show", ["title": "wait"])?["error"] {
          refusal = error
          break fill
        }
        accepted += 1
      }
    }
    #expect(accepted == ProtocolLimits.maximumWaitingPerUID)
    #expect(refusal?["code"] == -32007)
    try clients[0].request(1000, "menu.define", ["name": "mine", "title": "T", "items": [["title": "a"]]])
    // Another uid is not held back by this one.
    let other = try connect(uid: 1001)
    #expect(try other.request(1, "alert.show", ["title": "mine"]) == nil)
    for client in clients { client.hangUp() }
    #expect(held(1000) == .init())
    #expect(heldCount == 1)
    let again = try connect(uid: 1000)
    #expect(try again.request(1, "alert.show", ["title": "again"]) == nil)
    #expect(held(1000).waiting == 1)
    again.hangUp()
    other.hangUp()
    #expect(heldCount == 0)
  }
}

/// What the holdings ledger charges for `objects` objects with `items` items
/// (or buttons) and `text` bytes of text in all (``HoldingCost``).
func heldCost(objects: Int = 1, items: Int = 0, text: Int) -> Int {
  objects * HoldingCost.object + items * HoldingCost.item + text * HoldingCost.textCopies
}

/// Issue 28, finding 2: a menu built in parts from 1-byte items cost about
/// 600 bytes of memory per item while the ledger counted 1 byte, so one uid
/// took keymenud to 2.35 GB within its "4 MiB". Now each item is charged
/// what it costs, and the share ends the flood.
@Suite struct MenuPartsCostTests {
  @Test func oneByteItemsFillTheShareByWhatTheyCostNotByTheirText() throws {
    let daemon = try InProcessDaemon(configuration: "")
    let client = try daemon.connect(tier: .drive, uid: 1000)
    let part: JSONValue = .array(Array(repeating: ["title": "x"], count: 4000))
    #expect(try client.request(1, "menu.open", ["title": "M", "items": part, "more": true]) == nil)
    var items = 4000
    var refusal: JSONValue?
    for id in 2..<40 {
      let answer = try client.request(id, "menu.append", ["request": 1, "items": part, "more": true])
      if let error = answer?["error"] {
        refusal = error
        break
      }
      items += 4000
    }
    #expect(refusal?["code"] == -32007, "\(String(describing: refusal))")
    #expect(refusal?["message"]?.stringValue?.contains("uid 1000 already holds") == true)
    let held = daemon.onEngine { $0.holdings.totals(of: 1000) }
    // What an item costs at the peak of a menu in parts (bench/holding-cost.py --check).
    #expect(held.bytes >= items * 820)
    #expect(held.bytes <= ProtocolLimits.maximumHeldBytesPerUID)
    // A dmenu-sized list (20,000 lines) still fits, with room.
    #expect(items >= 30_000)
  }
}
