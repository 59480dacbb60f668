import AlertsPlugin
import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import MenusPlugin
import Synchronization
import Testing

struct Boom: Error {}

@Suite @EngineActor struct MenusPluginEngineTests {
  let engine = Engine()
  let results = Log<String>()
  let posted = Log<String>()

  func services() throws -> (menus: any MenuPresenting, alerts: any AlertPresenting) {
    let services = try engine.startBuiltIns()
    for name in [
      Notification.Name.menuOpened, .menuUpdated, .menuChanged, .menuSelected, .menuClosed, .selectorFailed,
    ] {
      _ = engine.center.observe(name) { [posted] in posted.append($0.name.rawValue) }
    }
    return services
  }

  func closer(_ label: String) -> @Sendable (MenuResult) -> Void {
    { [results] in results.append("\(label): \(Self.text($0))") }
  }

  /// `chose(selector: "s", title: "T", path: ["M"], value: "v")` (no value
  /// when the item has none), or `cancelled(REASON)`.
  nonisolated static func text(_ result: MenuResult) -> String {
    switch result {
    case .chose(let selector, let title, let path, let value):
      let tag = value.map { ", value: \"\($0)\"" } ?? ""
      return "chose(selector: \"\(selector)\", title: \"\(title)\", path: \(path)\(tag))"
    case .typed(let text): return "typed(\"\(text)\")"
    case .key(let name, let title, _, _): return "key(\(name), \(title ?? "none"))"
    case .cancelled(let reason): return "cancelled(\(reason.rawValue))"
    }
  }

  func press(_ code: KeyCode, _ name: String, _ action: KeyAction = .down) -> DeliveryOutcome {
    engine.handle(keyEvent(code, name, action))
  }

  @Test func choosingAnItemInvokesItsSelectorAndCloses() throws {
    let (menus, _) = try services()
    let invoked = Log<String>()
    let reboot = engine.registry.register(kind: "menu", title: "Reboot", owner: .configuration) {
      invoked.append($0.source)
    }
    menus.open(
      Menu(
        title: "Power",
        items: [.action("Suspend", selector: "none"), .action("Reboot", selector: reboot.rawValue)]),
      owner: "test", onClose: closer("power"))
    #expect(press(.down, "KEY_DOWN") == .consumedByModal)
    #expect(press(.enter, "KEY_ENTER") == .consumedByModal)
    #expect(invoked.all == ["plugin:menus"])
    #expect(
      results.all == ["power: chose(selector: \"\(reboot.rawValue)\", title: \"Reboot\", path: [\"Power\"])"])
    #expect(posted.all == ["menu.opened", "menu.updated", "menu.selected", "menu.closed"])
    #expect(engine.center.observerCounts.modal == 0)
  }

  @Test func aThrowingActionIsReportedAndRoutingGoesOn() throws {
    let (menus, _) = try services()
    let bad = engine.registry.register(kind: "menu", title: "Bad", owner: .configuration) { _ in throw Boom()
    }
    menus.open(
      Menu(title: "M", items: [.action("Bad", selector: bad.rawValue, keepOpen: true)]), owner: "t",
      onClose: closer("m"))
    #expect(press(.enter, "KEY_ENTER") == .consumedByModal)
    #expect(posted.all.contains("selector.failed"))
    #expect(press(.escape, "KEY_ESC") == .consumedByModal)
    #expect(results.all == ["m: cancelled(escape)"])
  }

  @Test func aMenuOverAMenuHidesItAndItComesBackAsItWas() throws {
    let (menus, _) = try services()
    let below = menus.open(
      Menu(title: "Below", items: [.action("A", selector: "a"), .action("B", selector: "b")]), owner: "t",
      onClose: closer("below"))
    _ = press(.down, "KEY_DOWN")
    menus.open(
      Menu(title: "Above", items: [.action("X", selector: "x")]), owner: "t", onClose: closer("above"))
    _ = press(.down, "KEY_DOWN")
    _ = press(.escape, "KEY_ESC")
    #expect(results.all == ["above: cancelled(escape)"])
    _ = press(.escape, "KEY_ESC", .up)
    #expect(press(.enter, "KEY_ENTER") == .consumedByModal)
    #expect(
      results.all == [
        "above: cancelled(escape)", "below: chose(selector: \"b\", title: \"B\", path: [\"Below\"])",
      ])
    menus.close(below)
    #expect(results.all.count == 2)
  }

  @Test func anAlertOverAMenuTakesTheKeysAndTheMenuResumes() throws {
    let (menus, alerts) = try services()
    menus.open(
      Menu(
        title: "Main",
        items: [.action("A", selector: "a"), .action("B", selector: "b"), .action("C", selector: "c")]),
      owner: "t", onClose: closer("main"))
    _ = press(.down, "KEY_DOWN")
    let answers = Log<String>()
    alerts.present(Alert(title: "Battery low", buttons: ["OK"]), owner: "t") {
      answers.append($0.title ?? "-")
    }
    _ = press(.down, "KEY_DOWN")
    _ = press(.enter, "KEY_ENTER")
    #expect(answers.all == ["OK"])
    _ = press(.enter, "KEY_ENTER", .up)
    _ = press(.down, "KEY_DOWN")
    _ = press(.enter, "KEY_ENTER")
    #expect(results.all == ["main: chose(selector: \"c\", title: \"C\", path: [\"Main\"])"])
  }

  @Test func liveEditsArePostedAndKeepTheHighlight() throws {
    let (menus, _) = try services()
    let id = menus.open(
      Menu(title: "Live", items: [.action("A", selector: "a"), .action("B", selector: "b")]), owner: "t",
      onClose: closer("live"))
    _ = press(.down, "KEY_DOWN")
    let changes = Log<MenuChanged>()
    _ = engine.center.observe(.menuChanged) { changes.append($0.payload(as: MenuChanged.self)!) }
    try menus.edit(id, .insert(.action("New", selector: "n"), section: 0, at: 0))
    let change = try #require(changes.all.first)
    #expect(change.change == .inserted(section: 0, index: 0))
    #expect(change.snapshot.menu?.items.map(\.title) == ["New", "A", "B"])
    #expect(change.snapshot.menu?.highlight == 2)
    #expect(throws: MenuEditError.self) { try menus.edit(id, .remove(section: 3, at: 0)) }
    #expect(throws: MenuEditError.self) { try menus.edit("menu-99", .remove(section: 0, at: 0)) }
  }

  @Test func thePanicChordClosesEveryMenu() throws {
    let (menus, _) = try services()
    menus.open(Menu(title: "One", items: [.action("A", selector: "a")]), owner: "t", onClose: closer("one"))
    menus.open(Menu(title: "Two", items: [.action("B", selector: "b")]), owner: "t", onClose: closer("two"))
    #expect(engine.handle(keyEvent(.escape, "KEY_ESC", .down, [.rightCtrl, .altGr])) == .consumedByHotkey)
    #expect(results.all.sorted() == ["one: cancelled(dismissed)", "two: cancelled(dismissed)"])
    #expect(engine.center.observerCounts.modal == 0)
  }
}

@Suite @EngineActor struct MenusCloseOrderTests {
  /// Menus close newest first, also past ten open menus (ids compare as numbers).
  @Test func closeAllClosesTheNewestFirst() throws {
    let engine = Engine()
    let (menus, _) = try engine.startBuiltIns()
    let closed = Log<Int>()
    for index in 1...12 {
      menus.open(Menu(title: "M\(index)", items: [.action("A", selector: "a")]), owner: "t") { _ in
        closed.append(index)
      }
    }
    menus.closeAll()
    #expect(closed.all == Array((1...12).reversed()))
  }
}
