import KeyMenuBuiltins
import KeyMenuConfig
import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuRuntime
import KeyMenuTestKit
import KeyMenuTestSupport
import Synchronization
import Testing

@testable import KeyMenuDaemon

/// A selector that invokes itself, directly or through another, made at run
/// time past the configuration's check: the daemon refuses the invoke that
/// would run an action already running in the chain, logs it once, and
/// goes on answering (it used to invoke for ever, its engine thread busy).
@Suite struct InvokeCycleDaemonTests {
  static let configuration = """
    [menus.net]
    title = "Network"
    items = [ { title = "Wired", invoke = "player.pause" }, { title = "WiFi", invoke = "player.play" } ]
    """

  /// A daemon whose `net` items invoke `wired` and `wifi`, put in force as
  /// a reload would but without the check that refuses such a file.
  static func daemon(wired: String, wifi: String, logger: LogCapture) throws -> InProcessDaemon {
    let daemon = try InProcessDaemon(configuration: configuration, logger: logger.logger)
    daemon.onEngine { core in
      var changed = core.configuration
      changed.menus[0].items[0].content = .action(.invoke(wired))
      changed.menus[0].items[1].content = .action(.invoke(wifi))
      core.apply(changed)
    }
    return daemon
  }

  /// Chooses the first item of `net` with Enter; the menu's answer.
  func chooseWired(in daemon: InProcessDaemon, by client: InProcessClient) throws -> JSONValue? {
    try client.request(1, "menu.show", ["name": "net"])
    daemon.press(.enter)
    return client.answer(to: 1)?["result"]
  }

  func refusals(_ capture: LogCapture) -> [String] {
    capture.all.filter { $0.hasPrefix("warning: not invoking") }
  }

  @Test func anItemThatInvokesItselfRunsOnceAndTheDaemonAnswers() throws {
    let capture = LogCapture()
    let daemon = try Self.daemon(wired: "net.wired", wifi: "player.play", logger: capture)
    let client = try daemon.connect(tier: .drive)
    #expect(try chooseWired(in: daemon, by: client)?["title"] == "Wired")
    #expect(try client.request(2, "daemon.status")?["result"]?["version"] != nil)
    let refused = refusals(capture)
    #expect(refused.count == 1, "\(capture.all)")
    #expect(
      refused.first?.hasSuffix("it is already running in this chain of invokes (net.wired -> net.wired)")
        == true)
  }

  @Test func twoItemsThatInvokeEachOtherEachRunOnce() throws {
    let capture = LogCapture()
    let daemon = try Self.daemon(wired: "net.wifi", wifi: "net.wired", logger: capture)
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "events.subscribe", ["topics": ["selector"]])
    #expect(try chooseWired(in: daemon, by: client)?["title"] == "Wired")
    #expect(try client.request(2, "daemon.status")?["result"]?["version"] != nil)
    let invoked = client.notifications("selector.invoked").compactMap { $0["params"]?["title"]?.stringValue }
    #expect(invoked == ["Wired", "WiFi"])
    #expect(refusals(capture).count == 1, "\(capture.all)")
    #expect(refusals(capture).first?.hasSuffix("(net.wired -> net.wifi -> net.wired)") == true)
  }

  @Test func aPluginSelectorThatInvokesItselfIsRefusedAndTheClientTold() throws {
    let capture = LogCapture()
    let looper = PluginDescriptor(name: "looper", summary: "invokes itself", enabledByDefault: true) {
      InlinePlugin(name: "looper") { host in
        let own = Mutex(Selector(""))
        let selector = host.registerSelector(kind: "loop", title: "Again") { _ in
          try host.invoke(own.withLock { $0 })
        }
        own.withLock { $0 = selector }
      }
    }
    let daemon = try InProcessDaemon(
      configuration: "", logger: capture.logger,
      plugins: PluginCatalog(BuiltinPlugins.catalog.descriptors + [looper]))
    let client = try daemon.connect(tier: .drive)
    let listed = try #require(try client.request(1, "selector.list")?["result"]?.arrayValue)
    let selector = try #require(listed.first { $0["kind"] == "loop" }?["selector"]?.stringValue)
    let answer = try #require(try client.request(2, "selector.invoke", ["selector": .string(selector)]))
    #expect(answer["error"]?["code"] == .number(Double(RPCError.actionFailedCode)))
    #expect(answer["error"]?["data"]?["code"] == "invoke-cycle")
    #expect(try client.request(3, "daemon.status")?["result"]?["version"] != nil)
    #expect(refusals(capture).count == 1, "\(capture.all)")
  }

  /// A configured alert whose timeout chooses a cancel button that invokes
  /// a plugin's selector, which invokes the item that shows the alert: a
  /// cycle the check cannot see (the selector is made at run time; here by
  /// the plugin `relay`).
  static func relayed(_ relay: String) -> String {
    """
    [menus.box]
    title = "Box"
    items = [ { title = "Ask", id = "ask", alert = { title = "Again?", buttons = [{ title = "Later", invoke = "\(relay)" }, "Now"], cancel = 0, timeout_ms = 1 } } ]
    """
  }

  /// A daemon with `relayed` in force, its relay the plugin's selector,
  /// which invokes `box.ask`.
  static func relayingDaemon(logger: LogCapture) throws -> InProcessDaemon {
    let relay = PluginDescriptor(name: "relay", summary: "invokes box.ask", enabledByDefault: true) {
      InlinePlugin(name: "relay") { host in
        _ = host.registerSelector(kind: "relay", title: "Ask") { _ in try host.invoke(Selector("box.ask")) }
      }
    }
    let daemon = try InProcessDaemon(
      configuration: relayed("relay.none"), logger: logger.logger,
      plugins: PluginCatalog(BuiltinPlugins.catalog.descriptors + [relay]))
    let selector = try #require(
      daemon.onEngine { $0.engine.registry.all.first { $0.kind == "relay" } }?.selector)
    let reloaded = try daemon.reload(configuration: relayed(selector.rawValue))
    _ = try reloaded.get()
    return daemon
  }

  /// Issue 28, finding 8: it looped at ~420 alerts/s until the panic chord.
  @Test func aCycleThroughATimeoutShowsTheAlertOnceAndIsLoggedOnce() throws {
    let capture = LogCapture()
    let daemon = try Self.relayingDaemon(logger: capture)
    let client = try daemon.connect(tier: .drive, uid: 2001)
    try client.request(1, "events.subscribe", ["topics": ["alert"]])
    try client.request(2, "selector.invoke", ["selector": "box.ask"])
    for _ in 0..<20 { daemon.advanceClock(by: .milliseconds(1)) }
    #expect(client.notifications("alert.shown").count == 1)
    #expect(daemon.onEngine { $0.engine.modalStack.depth } == 0)
    let refused = refusals(capture)
    #expect(refused.count == 1, "\(capture.all)")
    #expect(
      refused.first?.contains("already running in this chain of invokes (box.ask -> relay.ask.") == true)
    #expect(try client.request(3, "daemon.status")?["result"]?["version"] != nil)
    #expect(daemon.onEngine { $0.holdings.count } == 0)
  }

  /// A person choosing the button again and again is no cycle: each choice
  /// starts afresh.
  @Test func aPersonChoosingTheSameButtonAgainIsNeverRefused() throws {
    let capture = LogCapture()
    let daemon = try Self.relayingDaemon(logger: capture)
    let client = try daemon.connect(tier: .drive, uid: 2001)
    try client.request(1, "events.subscribe", ["topics": ["alert"]])
    try client.request(2, "selector.invoke", ["selector": "box.ask"])
    for _ in 0..<5 { daemon.press(.escape) }  // Later, the cancel button
    #expect(client.notifications("alert.shown").count == 6)
    #expect(refusals(capture).isEmpty, "\(capture.all)")
    // The timeout then goes round once more at most.
    for _ in 0..<20 { daemon.advanceClock(by: .milliseconds(1)) }
    #expect(client.notifications("alert.shown").count <= 7)
    #expect(refusals(capture).count == 1, "\(capture.all)")
  }
}
