import KeyMenuCore
import KeyMenuProtocol
import KeyMenuTestKit
import KeyMenuTestSupport
import Testing

/// Menus in the real core, moved in and chosen from with keys as the input
/// loop delivers them.
@Suite struct InProcessMenuTests {
  let daemon: InProcessDaemon

  init() throws { daemon = try InProcessDaemon(configuration: InProcessConfiguration.text) }

  @Test func downAndEnterChooseTheSecondItemOfAConfiguredMenu() throws {
    let client = try daemon.connect(tier: .drive)
    #expect(try client.request(19, "menu.show", ["name": "main"]) == nil)
    daemon.press(.down)
    #expect(client.answer(to: 19) == nil)
    daemon.press(.enter)
    let result = try #require(client.answer(to: 19)?["result"])
    #expect(result["title"] == "Power off")
    #expect(result["path"] == ["Main"])
    #expect(result["selector"]?.stringValue?.hasPrefix("main.power-off.") == true)
    #expect(try client.request(20, "state.get")?["result"] == ["stack": []])
  }

  @Test func enterGoesIntoASubmenuAndChoosesThere() throws {
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "menu.show", ["name": "main"])
    daemon.press(.up)  // wraps to the last item, Tools
    daemon.press(.enter)
    #expect(client.answer(to: 1) == nil)
    daemon.press(.enter)
    let result = try #require(client.answer(to: 1)?["result"])
    #expect(result["title"] == "Logs")
    #expect(result["path"] == ["Main", "Tools"])
  }

  @Test func escapeClosesAMenuWithoutAChoice() throws {
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "menu.show", ["name": "main"])
    daemon.press(.escape)
    #expect(client.answer(to: 1)?["result"] == ["cancelled": true, "device": 1, "reason": "escape"])
  }

  @Test func anUnknownMenuNameIsNotFound() throws {
    let client = try daemon.connect(tier: .drive)
    #expect(
      try client.request(44, "menu.show", ["name": "nope"])?["error"]
        == ["code": -32004, "message": "not found: no menu named nope"])
  }

  @Test func anAdHocMenuAnswersWithItsOwnSelector() throws {
    let client = try daemon.connect(tier: .drive)
    let params: JSONValue = [
      "title": "Fruit", "items": [["title": "Apple"], ["title": "Banana", "key": "b"], ["title": "Cherry"]],
    ]
    try client.request(15, "menu.open", params)
    daemon.press(.down)
    daemon.press(.enter)
    let result = try #require(client.answer(to: 15)?["result"])
    #expect(result["title"] == "Banana")
    #expect(result["path"] == ["Fruit"])
    let selector = try #require(result["selector"]?.stringValue)
    #expect(selector.hasPrefix("menu.banana."))
    // The menu's selectors went with it.
    let listed = try #require(try client.request(16, "selector.list")?["result"]?.arrayValue)
    #expect(!listed.contains { $0["selector"]?.stringValue == selector })
  }
}
