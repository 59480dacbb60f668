import Foundation
import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuTestKit
import KeyMenuTestSupport
import Testing

@testable import KeyMenuDaemon

/// The menus kind as a plugin in the real core: its methods reach it
/// through its descriptor, the configuration's menus reach it from the
/// daemon (`handleConfiguredObjects`), its clients' defined menus are counted through
/// ``ClientHoldings`` and end on `connection.closed`, a `notify` item tells
/// its owner through ``InvocationReporter``, and nothing of it is carried
/// out in the daemon.
@Suite(.serialized) struct MenusKindTests {
  static let configuration =
    InProcessConfiguration.text + """

      [[hotkeys]]
      key = "KEY_F2"
      menu = "main"
      """
  static let off =
    configuration + """

      [plugins.menus]
      enabled = false
      """
  let daemon: InProcessDaemon

  init() throws { daemon = try InProcessDaemon(configuration: Self.configuration) }

  func held(_ uid: UInt32) -> HoldingLedger<HoldingKey>.Totals {
    daemon.onEngine { $0.holdings.totals(of: uid) }
  }

  @Test func offEveryMenuMethodIsMinus32601NamingItAndAReloadBringsThemBack() throws {
    let off = try InProcessDaemon(configuration: Self.off)
    let client = try off.connect(tier: .drive)
    let calls: [(String, JSONValue)] = [
      ("menu.open", ["title": "T", "items": [["title": "a"]]]),
      ("menu.define", ["name": "n", "title": "T", "items": [["title": "a"]]]),
      ("menu.show", ["name": "main"]), ("menu.list", [:]), ("menu.remove", ["name": "n"]),
      ("menu.close", ["request": 1]), ("menu.append", ["request": 1, "items": []]),
    ]
    for (number, (method, params)) in calls.enumerated() {
      let error = try client.request(number + 1, method, params)?["error"]
      #expect(error?["code"] == -32601, "\(method)")
      #expect(
        error?["message"]
          == .string(
            "\(method) is not available: the menus plugin is not running ([plugins.menus] in the configuration)"
          ))
    }
    // A hotkey's menu is skipped, nothing opens.
    off.press(KeyCode(60))  // KEY_F2
    #expect(try client.request(20, "state.get")?["result"] == ["stack": []])
    _ = try off.reload(configuration: Self.configuration).get()
    // The plugin started by the reload got the configuration's menus.
    let listed = try client.request(21, "menu.list")?["result"]
    #expect(listed == [["name": "main", "title": "Main", "owner": "config", "open": false]])
    #expect(try client.request(22, "menu.show", ["name": "main"]) == nil)
    off.press(.escape)
    #expect(client.answer(to: 22)?["result"] == ["cancelled": true, "device": 1, "reason": "escape"])
  }

  @Test func aNotifyItemTellsItsOwnerOnceBeforeTheMenuSelected() throws {
    let owner = try daemon.connect(tier: .drive)
    let chooser = try daemon.connect(tier: .drive)
    try owner.request(1, "events.subscribe", ["topics": ["selector", "menu"]])
    let defined = try owner.request(
      2, "menu.define",
      ["name": "scripted", "title": "Scripted", "items": [["title": "Restart", "notify": true]]])
    let selector = try #require(defined?["result"]?["selectors"]?.arrayValue?.first)
    _ = owner.notifications()
    try chooser.request(1, "menu.show", ["name": "scripted"])
    daemon.press(.enter)
    #expect(chooser.answer(to: 1)?["result"]?["selector"] == selector)
    let seen = owner.notifications().compactMap(\.["method"]?.stringValue)
    #expect(seen.filter { $0 == "selector.invoked" }.count == 1, "\(seen)")
    #expect(seen.firstIndex(of: "selector.invoked")! < seen.firstIndex(of: "menu.selected")!, "\(seen)")
    // Not subscribed, the owner is told all the same; another client is not.
    let other = try daemon.connect(tier: .drive)
    try other.request(1, "menu.show", ["name": "scripted"])
    daemon.press(.enter)
    _ = other.answer(to: 1)
    #expect(other.notifications("selector.invoked").isEmpty)
    #expect(owner.notifications("selector.invoked").count == 1)
  }

  @Test func aDefinedMenusSelectorsAreItsOwnersAndGoWithItsConnection() throws {
    let owner = try daemon.connect(tier: .drive)
    let observer = try daemon.connect(tier: .admin, uid: 1001)
    let defined = try owner.request(
      1, "menu.define", ["name": "mine", "title": "Mine", "items": [["title": "a"]]])
    let selector = try #require(defined?["result"]?["selectors"]?.arrayValue?.first?.stringValue)
    let listed = try observer.request(1, "selector.list")?["result"]?.arrayValue ?? []
    #expect(listed.first { $0["selector"] == .string(selector) }?["owner"] == .string("client:\(owner.id)"))
    // Another drive client may not invoke it.
    let intruder = try daemon.connect(tier: .drive, uid: 1002)
    #expect(
      try intruder.request(1, "selector.invoke", ["selector": .string(selector)])?["error"]?["code"] == -32001
    )
    try observer.request(2, "menu.show", ["name": "mine"])
    #expect(held(1000) == .init(waiting: 0, defined: 1, bytes: heldCost(items: 1, text: 4 + 4 + 1)))
    owner.hangUp()
    // Ended through connection.closed: closed where it showed, its share and selectors gone.
    #expect(observer.answer(to: 2)?["result"] == ["cancelled": true, "reason": "closed"])
    #expect(held(1000) == .init())
    let names = try observer.request(3, "menu.list")?["result"]?.arrayValue?.compactMap(
      \.["name"]?.stringValue)
    #expect(names == ["main"])
    let after = try observer.request(4, "selector.list")?["result"]?.arrayValue ?? []
    #expect(!after.contains { $0["selector"] == .string(selector) })
  }

  @Test func stoppingThePluginEndsWhatItKeptForClients() throws {
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "menu.define", ["name": "n", "title": "T", "items": [["title": "a"]]])
    #expect(
      try client.request(2, "menu.open", ["title": "Parts", "items": [["title": "x"]], "more": true]) == nil)
    #expect(try client.request(3, "menu.show", ["name": "main"]) == nil)
    #expect(
      held(1000)
        == .init(waiting: 2, defined: 1, bytes: heldCost(objects: 3, items: 2, text: 1 + 1 + 1 + 5 + 1)))
    _ = try daemon.reload(configuration: Self.off).get()
    #expect(client.answer(to: 2)?["result"] == ["cancelled": true, "reason": "dismissed"])
    // The reload replaced the configured menu it showed before the plugin stopped.
    #expect(client.answer(to: 3)?["result"] == ["cancelled": true, "reason": "closed"])
    #expect(held(1000) == .init())
    let selectors = try client.request(4, "selector.list")?["result"]?.arrayValue ?? []
    #expect(!selectors.contains { $0["owner"] == .string("client:\(client.id)") })
    // The ids are free again.
    _ = try daemon.reload(configuration: Self.configuration).get()
    #expect(try client.request(2, "menu.show", ["name": "main"]) == nil)
  }

  @Test func aHotkeyOpensItsMenuAndClosesItWhenItIsInFront() throws {
    let observer = try daemon.connect(tier: .observe)
    try observer.request(1, "events.subscribe", ["topics": ["menu"]])
    daemon.press(KeyCode(60))  // KEY_F2
    #expect(observer.notifications("menu.opened").first?["params"]?["title"] == "Main")
    let listed = try observer.request(2, "menu.list")?["result"]?.arrayValue?.first
    #expect(listed?["open"] == true)
    daemon.press(KeyCode(60))
    #expect(observer.notifications("menu.closed").count == 1)
    #expect(try observer.request(3, "state.get")?["result"] == ["stack": []])
    #expect(try observer.request(4, "menu.list")?["result"]?.arrayValue?.first?["open"] == false)
  }

  @Test func aRefusedMenuLeavesNoSelectorBehind() throws {
    let client = try daemon.connect(tier: .drive)
    let before = try client.request(1, "selector.list")?["result"]?.arrayValue?.count
    let refused = try client.request(
      2, "menu.open", ["title": "T", "items": [["title": "a"], ["title": "b", "key": "nokey"]]])
    #expect(refused?["error"]?["data"]?["field"] == "items.[1].key")
    let defined = try client.request(
      3, "menu.define",
      ["name": "n", "title": "T", "items": [["title": "a"], ["separator": true, "title": "x"]]])
    #expect(defined?["error"]?["code"] == -32602)
    #expect(try client.request(4, "selector.list")?["result"]?.arrayValue?.count == before)
  }

  /// The daemon routes menus by their plugin's declaration: no source file
  /// of it carries out a menu method or keeps a client's menus.
  @Test func noFileOfTheDaemonCarriesOutAMenuMethod() throws {
    let directory = TestProcess.fixtures + "/../../Sources/KeyMenuDaemon"
    let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter {
      $0.hasSuffix(".swift")
    }
    #expect(files.count > 10)
    for file in files {
      let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
      let methods = ["open", "append", "close", "define", "remove", "show", "list"].map { "\"menu.\($0)\"" }
      for word in methods + ["MenusPlugin", "definedMenus", "openMenus", "stagedMenus", "MenuBuilder"] {
        #expect(!text.contains(word), "\(file) names \(word)")
      }
    }
  }
}
