import AlertsPlugin
import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuRouting
import MenusPlugin
import Synchronization
import Testing

/// A thread-safe list for answers and notifications.
final class Log<Element: Sendable>: Sendable {
  private let items = Mutex<[Element]>([])
  func append(_ item: Element) { items.withLock { $0.append(item) } }
  var all: [Element] { items.withLock { $0 } }
}

func keyEvent(_ code: KeyCode, _ name: String, _ action: KeyAction = .down, _ modifiers: ModifierSet = [])
  -> KeyEvent
{
  KeyEvent(code: code, name: name, action: action, modifiers: modifiers, device: DeviceID(1), time: .zero)
}

@Suite @EngineActor struct AlertsPluginEngineTests {
  let engine = Engine()
  let answers = Log<String>()
  let posted = Log<String>()

  func presenter() throws -> any AlertPresenting {
    #expect(engine.start(AlertsPlugin()) == nil)
    for name in [Notification.Name.alertShown, .alertFocus, .alertAnswered] {
      _ = engine.center.observe(name) { [posted] in posted.append($0.name.rawValue) }
    }
    let found = Mutex<(any AlertPresenting)?>(nil)
    engine.start(ProbeUser { host in found.withLock { $0 = host.service((any AlertPresenting).self) } })
    return try #require(found.withLock { $0 })
  }

  func record(_ id: String) -> @Sendable (AlertAnswer) -> Void {
    { [answers] in answers.append("\(id): \($0.title ?? "-") \($0.reason.rawValue)") }
  }

  @Test func anAlertTakesTheKeysAndIsAnsweredOnce() throws {
    let alerts = try presenter()
    alerts.present(
      Alert(title: "Shut down?", buttons: ["Cancel", "Shut down"], cancel: 0), owner: "test",
      onAnswer: record("a"))
    #expect(engine.center.observerCounts.modal == 1)
    #expect(engine.handle(keyEvent(.left, "KEY_LEFT")) == .consumedByModal)
    #expect(engine.handle(keyEvent(.enter, "KEY_ENTER")) == .consumedByModal)
    #expect(answers.all == ["a: Cancel key"])
    #expect(posted.all == ["alert.shown", "alert.focus", "alert.answered"])
    #expect(engine.center.observerCounts.modal == 0)
    #expect(engine.handle(keyEvent(.enter, "KEY_ENTER")) == .notConsumed)
  }

  @Test func alertsQueueAndTimeOutOnTheEngineClock() throws {
    let alerts = try presenter()
    alerts.present(
      Alert(title: "First", buttons: ["OK"], timeout: .seconds(5)), owner: "t", onAnswer: record("first"))
    alerts.present(
      Alert(title: "Second", buttons: ["No", "Yes"], cancel: 0, timeout: .seconds(2)), owner: "t",
      onAnswer: record("second"))
    engine.advance(by: .seconds(4))
    #expect(answers.all.isEmpty)
    engine.advance(by: .seconds(1))
    #expect(answers.all == ["first: - timeout"])
    engine.advance(by: .seconds(1))
    #expect(answers.all == ["first: - timeout"])
    engine.advance(by: .seconds(1))
    #expect(answers.all == ["first: - timeout", "second: No timeout"])
  }

  @Test func thePanicChordAndStoppingDismissEverything() throws {
    let alerts = try presenter()
    alerts.present(Alert(title: "One"), owner: "t", onAnswer: record("one"))
    alerts.present(Alert(title: "Two"), owner: "t", onAnswer: record("two"))
    let chord = keyEvent(.escape, "KEY_ESC", .down, [.leftCtrl, .leftAlt])
    #expect(engine.handle(chord) == .consumedByHotkey)
    #expect(answers.all == ["one: - dismissed", "two: - dismissed"])
    alerts.present(Alert(title: "Three"), owner: "t", onAnswer: record("three"))
    engine.stop("alerts")
    #expect(answers.all == ["one: - dismissed", "two: - dismissed", "three: - dismissed"])
    #expect(engine.center.observerCounts.modal == 0)
  }

  @Test func aPresenterCanAnswerTheFrontAlertOnce() throws {
    let alerts = try presenter()
    let first = alerts.present(
      Alert(title: "Shut down?", buttons: ["Cancel", "Shut down"], cancel: 0), owner: "t",
      onAnswer: record("a"))
    let second = alerts.present(Alert(title: "Next"), owner: "t", onAnswer: record("b"))
    #expect(!alerts.answer(second, button: 0))
    #expect(!alerts.answer(first, button: 2))
    #expect(alerts.answer(first, button: 1))
    #expect(!alerts.answer(first, button: 0))
    #expect(answers.all == ["a: Shut down action"])
    #expect(posted.all == ["alert.shown", "alert.answered", "alert.shown"])
    #expect(engine.handle(keyEvent(.enter, "KEY_ENTER")) == .consumedByModal)
    #expect(answers.all == ["a: Shut down action", "b: OK key"])
    #expect(engine.center.observerCounts.modal == 0)
  }

  @Test func theOwnerCanDismissItsAlert() throws {
    let alerts = try presenter()
    let id = alerts.present(Alert(title: "Waiting"), owner: "t", onAnswer: record("w"))
    alerts.dismiss(id)
    alerts.dismiss(id)
    #expect(answers.all == ["w: - dismissed"])
  }
}

/// A plugin that only runs code at registration.
func ProbeUser(_ body: @escaping @Sendable @EngineActor (any PluginHost) -> Void) -> InlinePlugin {
  InlinePlugin(name: "probe-user", register: body)
}

extension Engine {
  /// Starts the Alerts and Menus plugins and returns their services.
  func startBuiltIns() throws -> (menus: any MenuPresenting, alerts: any AlertPresenting) {
    #expect(start(AlertsPlugin()) == nil)
    #expect(start(MenusPlugin()) == nil)
    let found = Mutex<(menus: (any MenuPresenting)?, alerts: (any AlertPresenting)?)>((nil, nil))
    start(
      ProbeUser { host in
        found.withLock {
          $0 = (host.service((any MenuPresenting).self), host.service((any AlertPresenting).self))
        }
      })
    let (menus, alerts) = found.withLock { $0 }
    return (try #require(menus), try #require(alerts))
  }
}
