import KeyMenuCore
import KeyMenuProtocol
import KeyMenuTestKit
import KeyMenuTestSupport
import Testing

/// `modal.tap`: a presenter's tap or click on the modal in front (the
/// overlay on a touch screen), in the real core: it chooses a menu item,
/// answers an alert's button, scrolls; it reaches only what is in front,
/// needs the drive tier, and any drive client may tap another's modal, as a
/// person at the screen may.
@Suite struct ModalTapTests {
  let daemon: InProcessDaemon

  init() throws { daemon = try InProcessDaemon(configuration: InProcessConfiguration.text) }

  func stack(_ client: InProcessClient, id: Int) throws -> [JSONValue] {
    try client.request(id, "state.get")?["result"]?["stack"]?.arrayValue ?? []
  }

  @Test func aTapChoosesAnotherClientsMenuItemAndAnswersAnAlertsButton() throws {
    let script = try daemon.connect(tier: .drive)
    let overlay = try daemon.connect(tier: .drive)
    try script.request(
      1, "menu.open",
      ["title": "Fruit", "items": [["title": "Apple"], ["title": "Banana"], ["title": "Cherry"]]])
    let tapped = try overlay.request(1, "modal.tap", ["id": "menu-1", "item": 2])
    #expect(tapped?["result"] == ["tapped": "menu-1", "consumed": true])
    let chosen = script.answer(to: 1)?["result"]
    #expect(chosen?["title"] == "Cherry")
    #expect(chosen?["device"] == nil, "no device gave it")
    try script.request(
      2, "alert.show", ["title": "Sure?", "buttons": ["Yes", "No"], "cancel": 1, "default": 0])
    _ = try overlay.request(2, "modal.tap", ["id": "alert-1", "button": 1])
    let answered = script.answer(to: 2)?["result"]
    #expect(answered?["button"] == 1)
    #expect(answered?["reason"] == "action")
  }

  @Test func aScrollMovesTheHighlightWithoutWrapping() throws {
    let script = try daemon.connect(tier: .drive)
    try script.request(
      1, "menu.open", ["title": "Numbers", "items": .array((1...30).map { ["title": .string("N\($0)")] })])
    _ = try script.request(2, "modal.tap", ["id": "menu-1", "scroll": 3])
    #expect(try stack(script, id: 3).first?["highlight"] == 3)
    _ = try script.request(4, "modal.tap", ["id": "menu-1", "scroll": -10])
    #expect(try stack(script, id: 5).first?["highlight"] == 0, "no wrapping to the end")
    let atTop = try script.request(6, "modal.tap", ["id": "menu-1", "scroll": -1])
    #expect(atTop?["result"]?["consumed"] == true)
    #expect(script.answer(to: 1) == nil, "a scroll chooses nothing")
  }

  @Test func onlyTheFrontModalAndOnlyDriveClients() throws {
    let script = try daemon.connect(tier: .drive)
    try script.request(1, "menu.open", ["title": "Fruit", "items": [["title": "Apple"]]])
    try script.request(2, "alert.show", ["title": "Battery low", "buttons": ["OK"]])
    let covered = try script.request(3, "modal.tap", ["id": "menu-1", "item": 0])
    #expect(covered?["error"]?["code"] == -32004)
    #expect(script.answer(to: 1) == nil)
    let observer = try daemon.connect(tier: .observe)
    #expect(
      try observer.request(1, "modal.tap", ["id": "alert-1", "button": 0])?["error"]?["code"] == -32001)
    #expect(script.answer(to: 2) == nil)
    // Past the end of the list or the buttons: nothing, not consumed.
    #expect(
      try script.request(4, "modal.tap", ["id": "alert-1", "button": 5])?["result"]?["consumed"] == false)
    #expect(script.answer(to: 2) == nil)
  }

  @Test func badParamsAreRefusedNamingTheirMember() throws {
    let script = try daemon.connect(tier: .drive)
    try script.request(1, "menu.open", ["title": "Fruit", "items": [["title": "Apple"]]])
    let cases: [(JSONValue, String)] = [
      (["id": "menu-1"], "item"), (["id": "menu-1", "item": 0, "button": 0], "item"),
      (["id": "menu-1", "item": -1], "item"), (["id": "menu-1", "scroll": 0], "scroll"),
      (["id": "menu-1", "scroll": 1000], "scroll"), (["id": "", "item": 0], "id"),
    ]
    for (index, (params, field)) in cases.enumerated() {
      let answer = try script.request(10 + index, "modal.tap", params)
      #expect(answer?["error"]?["code"] == -32602, "\(params)")
      #expect(
        answer?["error"]?["message"]?.stringValue?.contains(field) == true, "\(params): \(answer ?? .null)")
    }
    #expect(script.answer(to: 1) == nil)
  }

  func tap(_ client: InProcessClient, _ id: Int, _ params: JSONValue) throws -> JSONValue? {
    try client.request(id, "modal.tap", params)?["result"]?["consumed"]
  }

  /// A checklist: two taps check two items, the OK button answers them; a
  /// radiolist: a tap marks, OK answers; a picklist: a tap answers at once;
  /// Cancel's tap cancels with reason `cancel`.
  @Test func listsTakeTapsOnChoicesAndButtons() throws {
    let script = try daemon.connect(tier: .drive)
    let overlay = try daemon.connect(tier: .drive)
    let fruit: JSONValue = [["text": "Apple"], ["text": "Banana"], ["text": "Cherry"]]
    try script.request(1, "checklist.show", ["title": "Fruit", "items": fruit])
    #expect(try tap(overlay, 1, ["id": "checklist-1", "item": 2]) == true)
    #expect(try tap(overlay, 2, ["id": "checklist-1", "item": 0]) == true)
    #expect(try tap(overlay, 3, ["id": "checklist-1", "item": 3]) == false, "no fourth item")
    #expect(try tap(overlay, 4, ["id": "checklist-1", "button": 0]) == true)
    #expect(script.answer(to: 1)?["result"]?["marked"] == [0, 2])
    try script.request(2, "radiolist.show", ["title": "Fruit", "items": fruit])
    _ = try tap(overlay, 5, ["id": "radiolist-1", "item": 1])
    _ = try tap(overlay, 6, ["id": "radiolist-1", "button": 0])
    #expect(script.answer(to: 2)?["result"]?["marked"] == 1)
    try script.request(3, "picklist.show", ["title": "Fruit", "items": fruit])
    _ = try tap(overlay, 7, ["id": "picklist-1", "item": 2])
    #expect(script.answer(to: 3)?["result"]?["chosen"] == 2)
    try script.request(4, "checklist.show", ["title": "Fruit", "items": fruit])
    _ = try tap(overlay, 8, ["id": "checklist-2", "button": 1])
    #expect(script.answer(to: 4)?["result"] == ["cancelled": true, "reason": "cancel"])
  }

  /// A prompt's OK button answers the text, its Cancel cancels; a text
  /// box scrolls and its button closes it; a gauge takes no tap.
  @Test func promptsTextBoxesAndGauges() throws {
    let script = try daemon.connect(tier: .drive)
    let overlay = try daemon.connect(tier: .drive)
    try script.request(1, "prompt.show", ["title": "Name?", "text": "Ada"])
    #expect(try tap(overlay, 1, ["id": "prompt-1", "item": 0]) == false, "a prompt has no items")
    #expect(try tap(overlay, 2, ["id": "prompt-1", "button": 0]) == true)
    #expect(script.answer(to: 1)?["result"] == ["text": "Ada"])
    try script.request(2, "prompt.show", ["title": "Name?"])
    _ = try tap(overlay, 3, ["id": "prompt-2", "button": 1])
    #expect(script.answer(to: 2)?["result"] == ["cancelled": true, "reason": "cancel"])
    let text = (1...40).map { "line \($0)" }.joined(separator: "\n")
    try script.request(3, "textbox.show", ["title": "Log", "text": .string(text)])
    #expect(try tap(overlay, 4, ["id": "textbox-1", "scroll": 3]) == true)
    let page = try overlay.request(5, "state.get")?["result"]?["stack"]?.arrayValue?.last?["page"]
    #expect(page?["first"] == 3, "\(page ?? .null)")
    _ = try tap(overlay, 6, ["id": "textbox-1", "button": 0])
    #expect(script.answer(to: 3)?["result"] == ["closed": true, "reason": "key"])
    try script.request(4, "gauge.show", ["title": "Copying", "percent": 10])
    #expect(try tap(overlay, 7, ["id": "gauge-1", "button": 0]) == false)
    #expect(script.answer(to: 4) == nil)
  }

  /// Typed with `modal.press` by the script, answered by the overlay's tap
  /// on OK: the text, and no device (no key gave it).
  @Test func aPromptTypedWithModalPressAnswersOnItsOKTap() throws {
    let script = try daemon.connect(tier: .drive)
    let overlay = try daemon.connect(tier: .drive)
    try script.request(1, "prompt.show", ["title": "Name?"])
    for (index, (key, text)) in [("shift+KEY_H", "H"), ("KEY_I", "i")].enumerated() {
      let pressed = try script.request(
        10 + index, "modal.press", ["request": 1, "key": .string(key), "text": .string(text)])
      #expect(pressed?["result"]?["consumed"] == true)
    }
    #expect(try tap(overlay, 1, ["id": "prompt-1", "scroll": 1]) == false, "a prompt does not scroll")
    #expect(try tap(overlay, 2, ["id": "prompt-1", "button": 0]) == true)
    #expect(script.answer(to: 1)?["result"] == ["text": "Hi"])
  }

  /// A tap the list takes starts its idle timeout again, as a key does; one
  /// it does not take leaves it running. A tap's answer names no device.
  @Test func aTakenTapRestartsAListsIdleTimeout() throws {
    let script = try daemon.connect(tier: .drive)
    let overlay = try daemon.connect(tier: .drive)
    let fruit: JSONValue = [["text": "Apple"], ["text": "Banana"]]
    try script.request(1, "checklist.show", ["title": "Fruit", "items": fruit, "timeout_ms": 1000])
    daemon.advanceClock(by: .milliseconds(800))
    #expect(try tap(overlay, 1, ["id": "checklist-1", "item": 1]) == true)
    daemon.advanceClock(by: .milliseconds(800))
    #expect(script.answer(to: 1) == nil, "1600 ms in, 800 ms after the tap")
    #expect(try tap(overlay, 2, ["id": "checklist-1", "button": 0]) == true)
    let answered = script.answer(to: 1)?["result"]
    #expect(answered?["marked"] == [1])
    #expect(answered?["device"] == nil, "no device gave it")
    try script.request(2, "checklist.show", ["title": "Fruit", "items": fruit, "timeout_ms": 1000])
    daemon.advanceClock(by: .milliseconds(800))
    #expect(try tap(overlay, 3, ["id": "checklist-2", "item": 5]) == false)
    daemon.advanceClock(by: .milliseconds(200))
    #expect(script.answer(to: 2)?["result"] == ["cancelled": true, "reason": "timeout"])
  }
}
