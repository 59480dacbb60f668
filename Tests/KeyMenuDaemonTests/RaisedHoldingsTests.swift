import Glibc
import KeyMenuCore
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuRuntime
import KeyMenuTestKit
import KeyMenuTestSupport
import Testing

@testable import KeyMenuDaemon

/// What a client raises through configured items counts against it (issue
/// 28, finding 5): `selector.invoke` of an item that shows an alert or
/// opens a menu holds a place in the invoking uid's share of waiting
/// objects, with the bytes of its text, while it is queued or shown; past
/// the share nothing more shows, the refusals are logged once per burst,
/// and everything goes back when the alerts and menus end. (It used to
/// count for nobody: 20,000 invokes queued 20,000 alerts.)
@Suite struct RaisedHoldingsTests {
  static let configuration = """
    [menus.box]
    title = "Box"
    items = [
      { title = "Ask", id = "ask", alert = { title = "Sure?", buttons = ["No", "Yes"], cancel = 0 } },
      { title = "Tools", id = "tools", menu = "tools" },
    ]

    [menus.tools]
    title = "Tools"
    items = [ { title = "Logs", invoke = "journal.show" } ]
    """
  /// What the alert costs (``HoldingCost``): the object, 2 buttons, and
  /// the text of "Sure?", "No", "Yes".
  static let alertBytes = heldCost(items: 2, text: 10)
  /// What an open instance of a configured menu costs: the object only
  /// (its items are the configuration's, shared).
  static let menuBytes = heldCost(text: 0)
  static let share = ProtocolLimits.maximumWaitingPerUID

  let capture = LogCapture()
  let daemon: InProcessDaemon

  init() throws { daemon = try InProcessDaemon(configuration: Self.configuration, logger: capture.logger) }

  func held(_ uid: UInt32) -> HoldingLedger<HoldingKey>.Totals {
    daemon.onEngine { $0.holdings.totals(of: uid) }
  }

  var depth: Int { daemon.onEngine { $0.engine.modalStack.depth } }

  /// Invokes `selector` `times` times; each is answered `invoked`.
  func invoke(_ selector: String, times: Int, by client: InProcessClient) throws {
    for id in 0..<times {
      let answer = try client.request(id, "selector.invoke", ["selector": .string(selector)])
      #expect(answer?["result"]?["invoked"] == .string(selector))
    }
  }

  func lines(starting prefix: String) -> [String] { capture.all.filter { $0.hasPrefix(prefix) } }

  func panic() {
    daemon.send(.leftCtrl, value: 1)
    daemon.send(.leftAlt, value: 1)
    daemon.press(.escape)
    daemon.send(.leftAlt, value: 0)
    daemon.send(.leftCtrl, value: 0)
  }

  @Test func aFloodOfConfiguredAlertsStopsAtTheUidsShareAndGoesBackWithThePanicChord() throws {
    let client = try daemon.connect(tier: .drive, uid: 2001)
    try invoke("box.ask", times: 300, by: client)
    #expect(held(2001) == .init(waiting: Self.share, defined: 0, bytes: Self.share * Self.alertBytes))
    #expect(depth == 1)  // the front one; the rest are queued behind it
    let refused = lines(starting: "warning: not carrying out alert for client")
    #expect(refused.count == 1, "\(capture.all.suffix(3))")
    #expect(refused.first?.contains("uid 2001 already has 256") == true, "\(refused)")
    // Another uid is not held back by the first one's flood.
    let other = try daemon.connect(tier: .drive, uid: 2002)
    try invoke("box.ask", times: 3, by: other)
    #expect(held(2002) == .init(waiting: 3, defined: 0, bytes: 3 * Self.alertBytes))
    panic()
    #expect(depth == 0)
    #expect(held(2001) == .init())
    #expect(held(2002) == .init())
    #expect(daemon.onEngine { $0.holdings.count } == 0)
    #expect(
      lines(starting: "notice: uid 2001 is back under its bounds") == [
        "notice: uid 2001 is back under its bounds; 44 configured actions it set off were refused meanwhile"
      ])
  }

  @Test func answeringOneMakesRoomForOneMoreAndTheyOutliveTheClient() throws {
    let client = try daemon.connect(tier: .drive, uid: 2001)
    try invoke("box.ask", times: Self.share + 1, by: client)
    #expect(held(2001).waiting == Self.share)
    daemon.press(.enter)  // Yes, on the front one
    #expect(held(2001).waiting == Self.share - 1)
    #expect(lines(starting: "notice: uid 2001 is back under its bounds").count == 1)
    try invoke("box.ask", times: 1, by: client)
    #expect(held(2001).waiting == Self.share)
    // They belong to the configuration: they stay when the client goes, and
    // its uid pays for them until they end.
    client.hangUp()
    daemon.settle()
    #expect(depth == 1)
    #expect(held(2001).waiting == Self.share)
    daemon.press(.escape)  // No, the cancel button
    #expect(held(2001).waiting == Self.share - 1)
  }

  @Test func aFloodOfConfiguredMenusStopsAtTheUidsShare() throws {
    let client = try daemon.connect(tier: .drive, uid: 2001)
    try invoke("box.tools", times: 300, by: client)
    #expect(held(2001) == .init(waiting: Self.share, defined: 0, bytes: Self.share * Self.menuBytes))
    #expect(depth == Self.share)
    #expect(
      lines(starting: "warning: not carrying out menu for client").count == 1, "\(capture.all.suffix(3))")
    let other = try daemon.connect(tier: .drive, uid: 2002)
    try invoke("box.tools", times: 2, by: other)
    #expect(held(2002) == .init(waiting: 2, defined: 0, bytes: 2 * Self.menuBytes))
    daemon.press(.escape)  // the front menu closes
    #expect(held(2002).waiting == 1)
    panic()
    #expect(depth == 0)
    #expect(daemon.onEngine { $0.holdings.count } == 0)
  }

  @Test func aReloadThatClosesConfiguredMenusGivesTheirShareBack() throws {
    let client = try daemon.connect(tier: .drive, uid: 2001)
    try invoke("box.tools", times: 5, by: client)
    #expect(held(2001).waiting == 5)
    try daemon.reload(configuration: Self.configuration)
    #expect(depth == 0)
    #expect(held(2001) == .init())
  }

  @Test func whatAPersonsKeyRaisesIsTheConfigurations() throws {
    let own = getuid()  // keymenud's own uid pays for the configuration
    let client = try daemon.connect(tier: .drive, uid: 2001)
    try client.request(1, "menu.show", ["name": "box"])
    #expect(held(2001) == .init(waiting: 1, defined: 0, bytes: heldCost(text: 0)))
    daemon.press(.enter)  // Ask: chosen by a person
    #expect(held(own) == .init(waiting: 1, defined: 0, bytes: Self.alertBytes))
    #expect(held(2001) == .init())
    daemon.press(.enter)
    #expect(held(own) == .init())
  }

  /// A client that shows a configured menu and presses keys on it
  /// (`modal.press`) pays for what the item it chooses shows.
  @Test func whatAClientsPressedKeyChoosesIsTheClients() throws {
    let client = try daemon.connect(tier: .drive, uid: 2001)
    try client.request(1, "menu.show", ["name": "box"])
    let pressed = try client.request(2, "modal.press", ["request": 1, "key": "enter"])
    #expect(pressed?["result"]?["consumed"] == true)
    #expect(held(2001) == .init(waiting: 1, defined: 0, bytes: Self.alertBytes))
    #expect(held(getuid()) == .init())
  }

  /// Any plugin's action that shows something holds the same way.
  @Test func aConfiguredCountdownIsCountedToo() throws {
    let daemon = try InProcessDaemon(
      configuration: """
        [plugins.countdown]
        enabled = true

        [menus.box]
        title = "Box"
        items = [ { title = "Wait", countdown = { title = "Wait", seconds = 5, button = "Stop" } } ]
        """)
    let client = try daemon.connect(tier: .drive, uid: 2001)
    try invoke("box.wait", times: Self.share + 3, by: client)
    let held = daemon.onEngine { $0.holdings.totals(of: 2001) }
    #expect(held == .init(waiting: Self.share, defined: 0, bytes: Self.share * heldCost(text: 8)))
    daemon.advanceClock(by: .seconds(5))  // the front one ends
    #expect(daemon.onEngine { $0.holdings.totals(of: 2001) }.waiting == Self.share - 1)
  }
}
