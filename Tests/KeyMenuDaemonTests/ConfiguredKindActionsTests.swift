import KeyMenuCore
import KeyMenuProtocol
import KeyMenuTestKit
import KeyMenuTestSupport
import Testing

/// The configuration's `menu = "NAME"` and `alert = { ... }` actions, carried
/// out by the plugins that declare them (an `ActionCall`), in the real core:
/// a hotkey toggles its menu, a chosen button's follow-up action runs, a
/// cancel or a timeout with no follow-up does nothing.
@Suite struct ConfiguredKindActionsTests {
  static let f2 = KeyCode(60)
  static let f3 = KeyCode(61)
  static let configuration =
    InProcessConfiguration.text + """

      [[hotkeys]]
      key = "KEY_F2"
      menu = "main"

      [[hotkeys]]
      key = "KEY_F3"
      alert = { title = "Where to?", buttons = ["Stay", { title = "Menu", menu = "main" }], cancel = 0, default = 1, timeout_ms = 5000 }
      """
  let daemon: InProcessDaemon

  init() throws { daemon = try InProcessDaemon(configuration: Self.configuration) }

  /// The modal stack's titles, bottom first.
  private func titles() throws -> [String] {
    let observer = try daemon.connect(tier: .observe)
    let answer = try observer.request(1, "state.get")
    return (answer?["result"]?["stack"]?.arrayValue ?? []).compactMap { $0["title"]?.stringValue }
  }

  @Test func aMenuHotkeyOpensItsMenuAndPressedAgainClosesIt() throws {
    daemon.press(Self.f2)
    #expect(try titles() == ["Main"])
    daemon.press(Self.f2)
    #expect(try titles() == [])
  }

  @Test func aMenuHotkeyOverAnotherMenuStacksItsOwn() throws {
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "menu.open", ["title": "Other", "items": [["title": "a"]]])
    daemon.press(Self.f2)
    #expect(try titles() == ["Other", "Main"])
  }

  @Test func theChosenButtonsFollowUpActionRuns() throws {
    daemon.press(Self.f3)
    #expect(try titles() == ["Where to?"])
    daemon.press(.enter)  // the default button, Menu
    #expect(try titles() == ["Main"])
  }

  @Test func aButtonWithoutAFollowUpOnlyAnswers() throws {
    daemon.press(Self.f3)
    daemon.press(.escape)  // the cancel button, Stay
    #expect(try titles() == [])
  }

  @Test func theTimeoutKeepsItsMillisecondsAndChoosesTheCancelButton() throws {
    daemon.press(Self.f3)
    daemon.advanceClock(by: .milliseconds(4900))
    #expect(try titles() == ["Where to?"])
    daemon.advanceClock(by: .milliseconds(200))
    #expect(try titles() == [])
  }

  @Test func whileTheAlertsPluginIsOffTheHotkeyDoesNothingAndAReloadBringsItBack() throws {
    let off = try InProcessDaemon(configuration: Self.configuration + "\n[plugins.alerts]\nenabled = false\n")
    off.press(Self.f3)
    let observer = try off.connect(tier: .observe)
    #expect(try observer.request(1, "state.get")?["result"]?["stack"]?.arrayValue?.isEmpty == true)
    _ = try off.reload(configuration: Self.configuration)
    off.press(Self.f3)
    #expect(
      try observer.request(2, "state.get")?["result"]?["stack"]?.arrayValue?.first?["title"] == "Where to?")
  }
}
