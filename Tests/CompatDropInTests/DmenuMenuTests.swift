import KeyMenuCore
import KeyMenuProtocol
import KeyMenuTestKit
import KeyMenuTestSupport
import Testing

/// `menu.open` with `keys: dmenu`, through the daemon's request path: the
/// typed text answered (`{"typed":…}`), Ctrl+Return's answers told to the
/// requesting connection only (`menu.picked`) while the menu stays open,
/// an empty list, and what the dmenu keys do not take.
@Suite struct DmenuMenuTests {
  let daemon: InProcessDaemon

  init() throws { daemon = try InProcessDaemon(configuration: InProcessConfiguration.text) }

  static let power: JSONValue = [
    "title": "Power", "keys": "dmenu",
    "items": [["title": "Shutdown", "value": "0"], ["title": "Reboot", "value": "1"]],
  ]

  /// Types lowercase letters by key position.
  func type(_ text: String) {
    let codes: [Character: UInt16] = [
      "a": 30, "b": 48, "e": 18, "h": 35, "o": 24, "r": 19, "t": 20, "u": 22,
    ]
    for character in text { daemon.press(KeyCode(codes[character]!)) }
  }

  @Test func typedTextMatchingNothingIsAnsweredAndCaseCounts() throws {
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "menu.open", Self.power)
    type("reboot")
    daemon.press(.enter)
    #expect(client.answer(to: 1)?["result"] == ["device": 1, "typed": "reboot"])
    try client.request(2, "menu.open", Self.power.merging(["ignore_case": true]))
    type("reboot")
    daemon.press(.enter)
    #expect(client.answer(to: 2)?["result"]?["title"] == "Reboot")
  }

  @Test func controlReturnAnswersTheRequesterAndTheMenuStaysOpen() throws {
    let client = try daemon.connect(tier: .drive)
    let observer = try daemon.connect(tier: .admin)
    _ = try observer.request(1, "events.subscribe", ["topics": ["menu"]])
    try client.request(7, "menu.open", Self.power)
    daemon.send(.leftCtrl, value: 1)
    daemon.press(.enter)
    daemon.send(.leftCtrl, value: 0)
    let picked = client.notifications("menu.picked")
    #expect(picked.count == 1)
    #expect(picked.first?["params"]?["request"] == 7)
    #expect(picked.first?["params"]?["answer"]?["value"] == "0")
    #expect(client.answer(to: 7) == nil, "still open")
    #expect(observer.notifications("menu.picked").isEmpty, "only the requester hears of it")
    daemon.press(.down)
    daemon.press(.enter)
    #expect(client.answer(to: 7)?["result"]?["value"] == "1")
  }

  @Test func anEmptyListAsksForText() throws {
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "menu.open", ["title": "Name:", "keys": "dmenu", "items": []])
    guard case .array(let stack)? = try client.request(2, "state.get")?["result"]?["stack"] else {
      Issue.record("no stack")
      return
    }
    #expect(stack.first?["kind"] == "menu")
    type("bob")
    daemon.send(.leftShift, value: 1)
    daemon.press(.enter)
    daemon.send(.leftShift, value: 0)
    #expect(client.answer(to: 1)?["result"] == ["device": 1, "typed": "bob"])
    try client.request(3, "menu.open", ["title": "Parts", "keys": "dmenu", "items": [], "more": true])
    _ = try client.request(4, "menu.append", ["request": 3, "items": []])
    daemon.press(.escape)
    #expect(client.answer(to: 3)?["result"] == ["cancelled": true, "device": 1, "reason": "escape"])
  }

  /// `-32602` naming the member, before anything is shown.
  @Test(
    arguments: [
      ("menu.open", ["keys": "whiptail"], "keys", "a menu follows the keymenu or dmenu keys"),
      ("menu.open", ["ignore_case": true], "ignore_case", "only with keys dmenu"),
      ("menu.open", ["list_height": 5], "list_height", "only with keys dmenu"),
      ("menu.open", ["keys": "dmenu", "list_height": 0], "list_height", "must be 1 to 65536"),
      ("menu.open", ["keys": "dmenu", "highlight": 1], "highlight", "not with keys dmenu"),
      (
        "menu.open", ["keys": "dmenu", "items": [["title": "a"], ["separator": true]]],
        "items.[1].separator", "not with keys dmenu"
      ),
      (
        "menu.open", ["keys": "dmenu", "items": [["title": "a", "items": [["title": "b"]]]]],
        "items.[0].items", "not with keys dmenu"
      ),
      ("alert.show", ["keys": "dmenu"], "keys", "only a menu follows the dmenu keys"),
      ("prompt.show", ["keys": "dmenu"], "keys", "only a menu follows the dmenu keys"),
    ] as [(String, [String: JSONValue], String, String)])
  func whatTheDmenuKeysDoNotTakeIsRefused(
    method: String, extra: [String: JSONValue], member: String, message: String
  )
    throws
  {
    let client = try daemon.connect(tier: .drive)
    let base: JSONValue = ["title": "T", "items": [["title": "a"]]]
    let error = try client.request(1, method, base.merging(extra))?["error"]
    #expect(error?["code"] == -32602)
    #expect(error?["message"] == .string("invalid params: \(member): \(message)"))
    #expect(try client.request(2, "state.get")?["result"] == ["stack": []])
  }
}
