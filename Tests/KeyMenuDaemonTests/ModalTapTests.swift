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
}
