import AlertsPlugin
import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuRouting
import MenusPlugin
import Testing

/// A menu's timeout on the engine's clock (virtual: nothing waits): the
/// plugin owns the timer, every key pressed starts it again, and a menu that
/// closes otherwise leaves no timer behind.
@Suite @EngineActor struct MenuTimeoutTests {
  let engine = Engine()
  let results = Log<String>()

  @discardableResult
  func open(_ menus: any MenuPresenting, timeout: Duration?, label: String = "m") -> String {
    let menu = Menu(
      title: "Pick", items: [.action("A", selector: "a"), .action("B", selector: "b", value: "tag-b")],
      timeout: timeout)
    return menus.open(menu, owner: "t") { [results] in
      results.append("\(label): \(MenusPluginEngineTests.text($0))")
    }
  }

  func press(_ code: KeyCode, _ name: String) {
    _ = engine.handle(keyEvent(code, name))
    _ = engine.handle(keyEvent(code, name, .up))
  }

  @Test func theMenuClosesWhenItsTimePassesWithNoKey() throws {
    let (menus, _) = try engine.startBuiltIns()
    let passive = engine.center.observerCounts.passive
    open(menus, timeout: .seconds(10))
    #expect(engine.center.observerCounts.passive == passive + 1)
    engine.advance(by: .milliseconds(9_999))
    #expect(results.all.isEmpty)
    engine.advance(by: .milliseconds(1))
    #expect(results.all == ["m: cancelled(timeout)"])
    #expect(engine.modalStack.snapshot.stack.isEmpty)
    #expect(engine.nextDeadline == nil)
    #expect(engine.center.observerCounts.modal == 0)
    #expect(engine.center.observerCounts.passive == passive)
  }

  @Test func everyKeyStartsTheWaitAgainAlsoUnderAnAlert() throws {
    let (menus, alerts) = try engine.startBuiltIns()
    open(menus, timeout: .seconds(10))
    engine.advance(by: .seconds(8))
    press(.down, "KEY_DOWN")
    engine.advance(by: .seconds(8))
    #expect(results.all.isEmpty)
    // A key the menu does not use counts too: a person is there.
    press(KeyCode(59), "KEY_F1")
    engine.advance(by: .seconds(8))
    #expect(results.all.isEmpty)
    // Covered by an alert, the keys answering it count as well.
    alerts.present(Alert(title: "Battery low", buttons: ["OK"]), owner: "t") { _ in }
    engine.advance(by: .seconds(1))
    press(.enter, "KEY_ENTER")
    engine.advance(by: .seconds(9))
    #expect(results.all.isEmpty)
    press(.enter, "KEY_ENTER")
    #expect(results.all == ["m: chose(selector: \"b\", title: \"B\", path: [\"Pick\"], value: \"tag-b\")"])
    #expect(engine.nextDeadline == nil)
  }

  @Test func aMenuClosedOtherwiseCancelsItsTimer() throws {
    let (menus, _) = try engine.startBuiltIns()
    open(menus, timeout: nil, label: "untimed")
    let id = open(menus, timeout: .seconds(5), label: "closed")
    open(menus, timeout: .seconds(5), label: "escaped")
    press(.escape, "KEY_ESC")
    menus.close(id)
    #expect(results.all == ["escaped: cancelled(escape)", "closed: cancelled(closed)"])
    #expect(engine.nextDeadline == nil)
    engine.advance(by: .seconds(60))
    #expect(results.all.count == 2)
    menus.closeAll()
    #expect(results.all.last == "untimed: cancelled(dismissed)")
  }
}
