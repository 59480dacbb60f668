import KeyMenuCore
import KeyMenuProtocol
import KeyMenuTestKit
import KeyMenuTestSupport
import Testing

/// Alerts in the real core: answered by keys from a keyboard as the input
/// loop delivers them, by the clock, and dismissed when their client goes.
@Suite struct InProcessAlertTests {
  let daemon: InProcessDaemon

  init() throws { daemon = try InProcessDaemon(configuration: InProcessConfiguration.text) }

  @Test func aKeyAnswersTheAlert() throws {
    let client = try daemon.connect(tier: .drive)
    let params: JSONValue = ["title": "Reboot now?", "buttons": ["No", "Yes"], "cancel": 0]
    #expect(try client.request(7, "alert.show", params) == nil)
    daemon.press(.left)
    #expect(client.answer(to: 7) == nil)
    daemon.press(.right)
    daemon.press(.enter)
    #expect(
      client.answer(to: 7)
        == [
          "jsonrpc": "2.0", "id": 7, "result": ["button": 1, "device": 1, "reason": "key", "title": "Yes"],
        ])
    // The keys that answered it went nowhere else: nothing is in front.
    #expect(try client.request(8, "state.get")?["result"] == ["stack": []])
  }

  @Test func escapePicksTheCancelButton() throws {
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "alert.show", ["title": "Sure?", "buttons": ["Cancel", "Go"], "cancel": 0])
    daemon.press(.escape)
    #expect(
      client.answer(to: 1)?["result"] == ["button": 0, "device": 1, "reason": "escape", "title": "Cancel"])
  }

  @Test func aTimeoutAnswersWhenTheClockPassesIt() throws {
    let client = try daemon.connect(tier: .drive)
    let params: JSONValue = [
      "title": "Continue?", "buttons": ["Cancel", "Continue"], "cancel": 0, "timeout_ms": 300,
    ]
    try client.request(14, "alert.show", params)
    daemon.advanceClock(by: .milliseconds(299))
    #expect(client.answer(to: 14) == nil)
    daemon.advanceClock(by: .milliseconds(1))
    #expect(client.answer(to: 14)?["result"] == ["button": 0, "reason": "timeout", "title": "Cancel"])
  }

  @Test func aHotkeyShowsTheConfiguredAlert() throws {
    let observer = try daemon.connect(tier: .observe)
    try observer.request(1, "events.subscribe", ["topics": ["alert"]])
    daemon.press(KeyCode(102))  // KEY_HOME
    let shown = observer.notifications("alert.shown")
    #expect(shown.count == 1)
    #expect(shown.first?["params"]?["title"] == "Hello")
    #expect(shown.first?["params"]?["buttons"] == ["No", "Yes"])
    daemon.press(.enter)
    let answered = observer.notifications("alert.answered")
    #expect(answered.first?["params"]?["owner"] == "config")
    #expect(answered.first?["params"]?["title"] == "Yes")
  }

  @Test func aClientThatGoesTakesItsAlertWithIt() throws {
    let first = try daemon.connect(tier: .drive)
    let second = try daemon.connect(tier: .drive)
    let observer = try daemon.connect(tier: .observe)
    try first.request(1, "alert.show", ["title": "First's", "buttons": ["A", "B"]])
    try second.request(1, "alert.show", ["title": "Second's"])
    try observer.request(1, "events.subscribe", ["topics": ["alert"]])
    #expect(try titles(observer.request(2, "state.get")) == ["First's"])
    first.hangUp()
    let answered = observer.notifications("alert.answered")
    #expect(answered.count == 1)
    #expect(answered.first?["params"]?["owner"] == .string("client:\(first.id)"))
    #expect(answered.first?["params"]?["reason"] == "dismissed")
    // The alert waiting behind it comes to the front.
    #expect(observer.notifications("alert.shown").map { $0["params"]?["title"] } == ["Second's"])
    #expect(try titles(observer.request(3, "state.get")) == ["Second's"])
    // A key answers the alert that was left, and its client hears of it.
    daemon.press(.enter)
    #expect(second.answer(to: 1)?["result"] == ["button": 0, "device": 1, "reason": "key", "title": "OK"])
  }

  /// The titles of the modal stack in a `state.get` answer.
  private func titles(_ answer: JSONValue?) -> [String] {
    (answer?["result"]?["stack"]?.arrayValue ?? []).compactMap { $0["title"]?.stringValue }
  }

  /// The alerts plugin declares alert.show: while it is off the daemon still
  /// knows the method and names the plugin, and a reload that enables it
  /// brings the method back.
  @Test func disablingThePluginIsMinus32601NamingItAndAReloadBringsItBack() throws {
    let off = try InProcessDaemon(configuration: "[plugins.alerts]\nenabled = false\n")
    let client = try off.connect(tier: .drive)
    let refused = try client.request(1, "alert.show", ["title": "Anyone?"])
    #expect(refused?["error"]?["code"] == -32601)
    #expect(
      refused?["error"]?["message"]
        == "alert.show is not available: the alerts plugin is not running ([plugins.alerts] in the configuration)"
    )
    #expect(try client.request(2, "alert.dismiss", ["request": 1])?["error"]?["code"] == -32601)
    _ = try off.reload(configuration: "[plugins.alerts]\nenabled = true\n").get()
    #expect(try client.request(3, "alert.show", ["title": "Anyone?"]) == nil)
    off.press(.enter)
    #expect(client.answer(to: 3)?["result"] == ["button": 0, "device": 1, "reason": "key", "title": "OK"])
  }
}
