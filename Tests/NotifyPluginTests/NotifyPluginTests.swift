import Foundation
import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuRouting
import Testing

/// The Notify plugin against a private session bus and the test notification
/// server (`notification-server.py`), with a real engine and Alerts plugin.
@Suite(.serialized) struct NotifyPluginTests {
  let reboot = Alert(
    title: "Reboot now?", message: "Updates <are> installed.", buttons: ["No", "Yes"], cancel: 0)

  @Test func anAlertBecomesANotificationWithOneActionPerButton() throws {
    let bus = try SessionBus()
    let harness = NotifyHarness(bus: bus.address)
    harness.present(reboot)
    try #require(eventually { bus.calls("Notify").count == 1 })
    let call = bus.calls("Notify")[0]
    #expect(call["summary"] as? String == "Reboot now?")
    #expect(call["body"] as? String == "Updates &lt;are&gt; installed.")
    #expect(call["actions"] as? [String] == ["0", "No", "1", "Yes"])
    #expect(call["app_name"] as? String == "keymenu")
    #expect(call["app_icon"] as? String == "dialog-question")
    #expect(call["hints"] as? [String: Int] == ["urgency": 1])
    #expect(call["expire_timeout"] as? Int == 0)
    #expect(call["replaces_id"] as? Int == 0)
    #expect(harness.warnings.isEmpty)
  }

  /// The server also reports the notification closed by the user after the
  /// click, as servers do: the alert is answered once, by the click.
  @Test func aClickAnswersTheAlertWithThatButton() throws {
    let bus = try SessionBus()
    let harness = NotifyHarness(bus: bus.address)
    harness.present(reboot)
    try #require(eventually { bus.calls("Notify").count == 1 })
    let id = try #require(bus.calls("Notify")[0]["id"] as? Int)
    try bus.play("Invoke", "uint32:\(id)", "string:1")
    try #require(eventually { harness.answers.all.count == 1 })
    #expect(harness.answers.all == [AlertAnswer(button: 1, title: "Yes", reason: .action)])
    // The next alert comes to the front only now, and gets a notification of its own.
    harness.present(Alert(title: "Next"))
    try #require(eventually { bus.calls("Notify").count == 2 })
    harness.press(.enter, "KEY_ENTER")
    try #require(eventually { bus.calls("CloseNotification").count == 1 })
    #expect(harness.answers.all.map(\.reason) == [.action, .key])
    #expect(bus.calls("CloseNotification").map { $0["id"] as? Int } == [bus.calls("Notify")[1]["id"] as? Int])
  }

  @Test func anAlertAnsweredByKeyClosesItsNotification() throws {
    let bus = try SessionBus()
    let harness = NotifyHarness(bus: bus.address)
    harness.present(reboot)
    try #require(eventually { bus.calls("Notify").count == 1 })
    let id = bus.calls("Notify")[0]["id"] as? Int
    harness.press(.escape, "KEY_ESC")
    #expect(harness.answers.all == [AlertAnswer(button: 0, title: "No", reason: .escape, device: 1)])
    try #require(eventually { bus.calls("CloseNotification").count == 1 })
    #expect(bus.calls("CloseNotification")[0]["id"] as? Int == id)
  }

  /// Closed by the person without choosing: the cancel button, as Esc. (That
  /// expiry leaves the alert up is in NotifyMachineTests: nothing here would
  /// show when the plugin has seen it.)
  @Test func closingTheNotificationPicksTheCancelButton() throws {
    let bus = try SessionBus()
    let harness = NotifyHarness(bus: bus.address)
    harness.present(reboot)
    try #require(eventually { bus.calls("Notify").count == 1 })
    let id = try #require(bus.calls("Notify")[0]["id"] as? Int)
    try bus.play("Close", "uint32:\(id)", "uint32:2")
    try #require(eventually { !harness.answers.all.isEmpty })
    #expect(harness.answers.all == [AlertAnswer(button: 0, title: "No", reason: .action)])
  }

  @Test func withoutABusAlertsWorkByKeyAndTheTroubleIsLoggedOnce() throws {
    let bus = try SessionBus(withServer: false)
    let harness = NotifyHarness(bus: "unix:path=\(bus.directory)/missing")
    for round in 1...2 {
      harness.present(reboot)
      try #require(
        eventually { harness.logs.all.filter { $0.message.contains("cannot connect") }.count == round })
      harness.press(.enter, "KEY_ENTER")
      #expect(harness.answers.all.count == round)
    }
    #expect(harness.answers.all.map(\.reason) == [.key, .key])
    #expect(harness.warnings.count == 1)
    #expect(harness.warnings.first?.contains("missing") == true)
  }

  @Test func aBusWithoutANotificationServerIsLoggedOnce() throws {
    let bus = try SessionBus(withServer: false)
    let harness = NotifyHarness(bus: bus.address)
    for round in 1...2 {
      harness.present(reboot)
      try #require(
        eventually { harness.logs.all.filter { $0.message.contains("did not show") }.count == round })
      harness.press(.escape, "KEY_ESC")
    }
    #expect(harness.answers.all.map(\.reason) == [.escape, .escape])
    #expect(harness.warnings.count == 1)
  }

  @Test func aLaterAlertTriesAgain() throws {
    let bus = try SessionBus(withServer: false)
    let harness = NotifyHarness(bus: bus.address)
    harness.present(reboot)
    try #require(eventually { harness.logs.all.contains { $0.message.contains("did not show") } })
    harness.press(.escape, "KEY_ESC")
    try bus.startServer()
    harness.present(Alert(title: "Again"))
    try #require(eventually { bus.calls("Notify").count == 1 })
    #expect(bus.calls("Notify")[0]["summary"] as? String == "Again")
    try #require(eventually { harness.logs.all.contains { $0.message.contains("shown again") } })
    #expect(harness.warnings.count == 1)
  }

  /// A hung bus never holds up the keys: the observer only hands over.
  @Test func aHungBusDoesNotHoldUpTheKeys() throws {
    let bus = try SessionBus()
    let harness = NotifyHarness(bus: bus.address)
    #expect(kill(bus.daemonPID, SIGSTOP) == 0)
    defer { kill(bus.daemonPID, SIGCONT) }
    let answered = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      harness.present(reboot)
      harness.press(.enter, "KEY_ENTER")
      answered.signal()
    }
    #expect(answered.wait(timeout: .now() + .seconds(20)) == .success)
    #expect(harness.answers.all == [AlertAnswer(button: 1, title: "Yes", reason: .key, device: 1)])
  }

  @Test func stoppingThePluginClosesItsNotifications() throws {
    let bus = try SessionBus()
    let harness = NotifyHarness(bus: bus.address)
    harness.present(reboot)
    try #require(eventually { bus.calls("Notify").count == 1 })
    EngineExecutor.shared.runIsolated { _ = harness.engine.stop("notify") }
    try #require(eventually { bus.calls("CloseNotification").count == 1 })
    #expect(harness.answers.all.isEmpty)
  }
}
