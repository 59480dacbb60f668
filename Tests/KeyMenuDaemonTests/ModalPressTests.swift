import KeyMenuCore
import KeyMenuProtocol
import KeyMenuTestKit
import KeyMenuTestSupport
import Testing

/// `modal.press`: a client presses keys on its own modal while it is in
/// front, in the real core; another client's modal, a modal covered by
/// another, and hotkeys are out of its reach.
@Suite struct ModalPressTests {
  let daemon: InProcessDaemon

  init() throws { daemon = try InProcessDaemon(configuration: InProcessConfiguration.text) }

  func press(_ client: InProcessClient, _ id: Int, _ target: JSONValue, _ key: String) throws -> JSONValue? {
    guard case .object(var params) = target else { return nil }
    params["key"] = .string(key)
    return try client.request(id, "modal.press", .object(params))
  }

  func stack(_ client: InProcessClient, id: Int) throws -> [JSONValue] {
    try client.request(id, "state.get")?["result"]?["stack"]?.arrayValue ?? []
  }

  @Test func aClientTypesIntoItsOwnPromptAndPressesItsCancelButton() throws {
    let script = try daemon.connect(tier: .drive)
    #expect(try script.request(1, "prompt.show", ["title": "Host?", "ok": "Save", "cancel": "Skip"]) == nil)
    let mine: JSONValue = ["request": 1]
    #expect(try press(script, 2, mine, "KEY_K")?["result"] == ["pressed": "prompt-1", "consumed": true])
    _ = try press(script, 3, mine, "shift+KEY_I")
    _ = try press(script, 4, ["id": "prompt-1"], "KEY_1")
    // What a terminal typed (its own layout applied), whatever the key.
    let typed = try script.request(10, "modal.press", ["request": 1, "key": "KEY_UNKNOWN", "text": "é"])
    #expect(typed?["result"]?["consumed"] == true)
    let field = try stack(script, id: 5).first
    #expect(field?["field"]?["text"] == "kI1é")
    #expect(field?["buttons"] == ["Save", "Skip"])
    _ = try press(script, 6, mine, "KEY_TAB")
    _ = try press(script, 7, mine, "KEY_TAB")
    #expect(try stack(script, id: 8).first?["focus"] == 1)
    _ = try press(script, 9, mine, "KEY_ENTER")
    #expect(script.answer(to: 1)?["result"] == ["cancelled": true, "reason": "cancel"])
  }

  @Test func anotherClientsModalIsRefused() throws {
    let script = try daemon.connect(tier: .drive)
    let other = try daemon.connect(tier: .drive)
    try script.request(1, "prompt.show", ["title": "Name?"])
    let byID = try press(other, 1, ["id": "prompt-1"], "KEY_A")
    #expect(byID?["error"]?["code"] == -32004)
    let byRequest = try press(other, 2, ["request": 1], "KEY_A")
    #expect(byRequest?["error"]?["code"] == -32004)
    #expect(try stack(script, id: 2).first?["field"]?["text"] == "")
    let admin = try daemon.connect(tier: .admin)
    #expect(try press(admin, 1, ["id": "prompt-1"], "KEY_A")?["error"]?["code"] == -32004)
  }

  @Test func aModalCoveredByAnotherIsRefusedUntilItIsInFrontAgain() throws {
    let script = try daemon.connect(tier: .drive)
    let other = try daemon.connect(tier: .drive)
    try script.request(1, "prompt.show", ["title": "Name?"])
    try other.request(1, "alert.show", ["title": "Battery low", "buttons": ["OK"]])
    let covered = try press(script, 2, ["request": 1], "KEY_ENTER")
    #expect(covered?["error"]?["code"] == -32004)
    #expect(other.answer(to: 1) == nil, "the alert in front did not get the key")
    daemon.press(.enter)
    #expect(other.answer(to: 1)?["result"]?["button"] == 0)
    #expect(try press(script, 3, ["request": 1], "KEY_X")?["result"]?["consumed"] == true)
    #expect(try stack(script, id: 4).first?["field"]?["text"] == "x")
  }

  @Test func keysMoveAClientsOwnMenuAndAnswerItsOwnAlert() throws {
    let script = try daemon.connect(tier: .drive)
    try script.request(
      1, "menu.open",
      ["title": "Fruit", "items": [["title": "Apple"], ["title": "Banana"], ["title": "Cherry"]]])
    _ = try press(script, 2, ["request": 1], "KEY_DOWN")
    #expect(try stack(script, id: 3).first?["highlight"] == 1)
    _ = try press(script, 4, ["id": "menu-1"], "KEY_ENTER")
    #expect(script.answer(to: 1)?["result"]?["title"] == "Banana")
    try script.request(
      5, "alert.show", ["title": "Sure?", "buttons": ["Yes", "No"], "cancel": 1, "default": 0])
    _ = try press(script, 6, ["request": 5], "KEY_TAB")
    _ = try press(script, 7, ["request": 5], "KEY_ENTER")
    #expect(script.answer(to: 5)?["result"]?["button"] == 1)
  }

  @Test func aKeyTheModalDoesNotTakeGoesNowhereElseNotToHotkeys() throws {
    let script = try daemon.connect(tier: .drive)
    try script.request(1, "prompt.show", ["title": "Name?"])
    // KEY_HOME is the configuration's hotkey for an alert, and the prompt
    // takes it (the cursor): a gauge, which takes no Home, passes it.
    try script.request(2, "gauge.show", ["title": "Copying"])
    let passed = try press(script, 3, ["request": 2], "KEY_HOME")
    #expect(passed?["result"] == ["pressed": "gauge-1", "consumed": false])
    #expect(try stack(script, id: 4).count == 2, "no alert came from the hotkey")
    daemon.press(KeyCode(102))  // the same key on the keyboard: the hotkey's alert comes
    #expect(try stack(script, id: 5).count == 3)
  }

  @Test func paramsAreCheckedAndAnInfoBoxTakesNoKey() throws {
    let script = try daemon.connect(tier: .drive)
    try script.request(1, "prompt.show", ["title": "Name?"])
    let unknown = try press(script, 2, ["request": 1], "KEY_NOSUCH")
    #expect(unknown?["error"]?["data"] == ["field": "key"])
    let modifier = try press(script, 3, ["request": 1], "hyper+KEY_A")
    #expect(modifier?["error"]?["data"] == ["field": "key"])
    let neither = try script.request(4, "modal.press", ["key": "KEY_A"])
    #expect(neither?["error"]?["data"] == ["field": "request"])
    let control = try press(script, 5, ["request": 1], "KEY_A\u{1B}")
    #expect(control?["error"]?["code"] == -32602)
    let long = try script.request(
      11, "modal.press", ["request": 1, "key": "KEY_A", "text": .string(String(repeating: "a", count: 17))])
    #expect(long?["error"]?["data"] == ["field": "text"])
    let bidi = try script.request(12, "modal.press", ["request": 1, "key": "KEY_A", "text": "\u{202E}"])
    #expect(bidi?["error"]?["data"] == ["field": "text"])
    let observer = try daemon.connect(tier: .observe)
    #expect(try press(observer, 1, ["id": "prompt-1"], "KEY_A")?["error"]?["code"] == -32001)
    #expect(try script.request(6, "prompt.dismiss", ["request": 1])?["result"] == ["dismissed": "prompt-1"])
    #expect(try script.request(7, "infobox.show", ["title": "Working"])?["result"] == ["id": "infobox-1"])
    let info = try press(script, 8, ["id": "infobox-1"], "KEY_ENTER")
    #expect(info?["result"] == ["pressed": "infobox-1", "consumed": false], "an info box takes no key")
  }
}
