import KeyMenuConfig
import KeyMenuCore
import KeyMenuProtocol
import KeyMenuTestKit
import KeyMenuTestSupport
import Testing

/// Reloading in the real core: a new configuration is put in force (its
/// menus replace the old ones, open configured menus close); a broken one
/// is refused with its errors and the one in force stays.
@Suite struct InProcessReloadTests {
  let daemon: InProcessDaemon

  static let other = """
    [menus.other]
    title = "Other"
    items = [ { title = "Only", invoke = "tools.only" } ]
    """
  static let broken = """
    log_level = "loud"
    """

  init() throws { daemon = try InProcessDaemon(configuration: InProcessConfiguration.text) }

  @Test func aBrokenConfigurationKeepsTheOneInForce() throws {
    let admin = try daemon.connect(tier: .admin)
    try admin.request(1, "events.subscribe", ["topics": ["config"]])
    guard case .failure(let errors) = try daemon.reload(configuration: Self.broken) else {
      Issue.record("the broken configuration was accepted")
      return
    }
    #expect(errors.all.count == 1)
    #expect(errors.description.contains("unknown log_level 'loud'"))
    let reloaded = admin.notifications("config.reloaded")
    #expect(reloaded.count == 1)
    #expect(reloaded.first?["params"]?["ok"] == false)
    // The old menus and hotkeys are still in force.
    #expect(try menuNames(admin) == ["main"])
    daemon.press(KeyCode(102))  // KEY_HOME: the configured alert
    #expect(try admin.request(2, "state.get")?["result"]?["stack"]?.arrayValue?.first?["title"] == "Hello")
  }

  @Test func aGoodConfigurationReplacesMenusAndClosesTheOpenOnes() throws {
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "menu.show", ["name": "main"])
    guard case .success = try daemon.reload(configuration: Self.other) else {
      Issue.record("the new configuration was refused")
      return
    }
    #expect(client.answer(to: 1)?["result"] == ["cancelled": true, "reason": "closed"])
    #expect(try menuNames(client) == ["other"])
    #expect(try client.request(2, "menu.show", ["name": "main"])?["error"]?["code"] == -32004)
    // The old hotkey is gone: HOME shows nothing.
    daemon.press(KeyCode(102))
    #expect(try client.request(3, "state.get")?["result"] == ["stack": []])
  }

  @Test func configReloadAnswersWithTheErrorsOrTheSources() throws {
    let admin = try daemon.connect(tier: .admin)
    try daemon.writeConfiguration(Self.broken)
    let refused = try #require(try admin.request(24, "config.reload")?["error"])
    #expect(refused["code"] == -32006)
    #expect(refused["message"] == "configuration has 1 error; the previous one stays in force")
    let errors = try #require(refused["data"]?["errors"]?.arrayValue)
    #expect(errors.count == 1)
    #expect(
      errors.first?.stringValue?.hasPrefix(daemon.configurationFile + ":1:13: unknown log_level") == true)
    #expect(try menuNames(admin) == ["main"])
    try daemon.writeConfiguration(Self.other)
    let accepted = try #require(try admin.request(25, "config.reload")?["result"])
    #expect(accepted == ["ok": true, "sources": [.string(daemon.configurationFile)], "warnings": []])
    #expect(try menuNames(admin) == ["other"])
  }

  /// A refused file's warnings are logged as warnings, its errors as errors.
  @Test func aRefusedFileLogsItsWarningsAtWarningLevel() throws {
    let capture = LogCapture()
    let daemon = try InProcessDaemon(configuration: InProcessConfiguration.text, logger: capture.logger)
    let refused = """
      log_level = "loud"
      [menus.power]
      title = "Power"
      items = [ { title = "Off", run = ["true"] } ]
      """
    guard case .failure = try daemon.reload(configuration: refused) else {
      Issue.record("the broken configuration was accepted")
      return
    }
    let lines = capture.wait { lines in lines.contains { $0.contains("previous configuration stays") } }
    let disabled = lines.filter { $0.contains("commands are disabled") }
    #expect(disabled.count == 1, "\(lines)")
    #expect(disabled.allSatisfy { $0.hasPrefix("warning: ") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("error: ") && $0.contains("unknown log_level 'loud'") }, "\(lines)")
  }

  /// The names `menu.list` lists.
  private func menuNames(_ client: InProcessClient) throws -> [String] {
    (try client.request(99, "menu.list")?["result"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
  }
}
