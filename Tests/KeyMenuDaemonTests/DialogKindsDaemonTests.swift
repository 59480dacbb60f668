import KeyMenuCore
import KeyMenuProtocol
import KeyMenuTestKit
import Testing

/// The gauge, text box and info box kinds in the real core, keys delivered
/// as the input loop does: a gauge updated while a menu is in front, a text
/// box scrolled and closed, an info box outliving its client until the next
/// modal.
@Suite struct DialogKindsDaemonTests {
  let daemon: InProcessDaemon

  init() throws { daemon = try InProcessDaemon(configuration: "") }

  func stack(_ client: InProcessClient, id: Int) throws -> [JSONValue] {
    try client.request(id, "state.get")?["result"]?["stack"]?.arrayValue ?? []
  }

  @Test func aGaugeUpdatedWhileAMenuIsInFrontShowsItsLatestStateWhenUncovered() throws {
    let script = try daemon.connect(tier: .drive)
    let other = try daemon.connect(tier: .drive)
    #expect(try script.request(1, "gauge.show", ["title": "Installing", "message": "Unpacking"]) == nil)
    #expect(try stack(script, id: 2).first?["percent"] == 0)
    try other.request(1, "menu.open", ["title": "Lights", "items": [["title": "On"], ["title": "Off"]]])
    #expect(
      try script.request(3, "gauge.update", ["request": 1, "percent": 60, "message": "Configuring"])?[
        "result"] == ["updated": "gauge-1"])
    let covered = try stack(script, id: 4)
    #expect(covered.count == 2 && covered.last?["kind"] == "menu")
    #expect(covered.first?["percent"] == 60 && covered.first?["text"] == "Configuring")
    // Keys go to the menu in front; the gauge is untouched.
    daemon.press(.down)
    daemon.press(.enter)
    #expect(other.answer(to: 1)?["result"]?["title"] == "Off")
    let uncovered = try stack(script, id: 5)
    #expect(
      uncovered.count == 1 && uncovered.first?["dialog"] == "gauge" && uncovered.first?["percent"] == 60)
    // Esc does not end a gauge that is not cancellable.
    daemon.press(.escape)
    #expect(script.answer(to: 1) == nil)
    #expect(try script.request(6, "gauge.close", ["request": 1])?["result"] == ["closed": "gauge-1"])
    #expect(script.answer(to: 1)?["result"] == ["closed": true, "reason": "closed"])
    #expect(try stack(script, id: 7).isEmpty)
  }

  @Test func aCancellableGaugeEndsWithEscAndUpdatesAreChecked() throws {
    let script = try daemon.connect(tier: .drive)
    try script.request(1, "gauge.show", ["title": "Copying", "cancellable": true])
    let bad = try script.request(2, "gauge.update", ["request": 1, "percent": 101])
    #expect(bad?["error"]?["data"] == ["field": "percent"])
    let other = try daemon.connect(tier: .drive)
    let foreign = try other.request(1, "gauge.update", ["id": "gauge-1", "percent": 5])
    #expect(foreign?["error"]?["code"] == -32004)
    daemon.press(.escape)
    #expect(script.answer(to: 1)?["result"] == ["cancelled": true, "device": 1, "reason": "escape"])
  }

  @Test func aTextBoxScrollsAndClosesWithEnter() throws {
    let client = try daemon.connect(tier: .drive)
    let text = (1...30).map { "Clause \($0)." }.joined(separator: "\n")
    try client.request(1, "textbox.show", ["title": "Licence", "text": .string(text), "page_lines": 5])
    daemon.press(KeyCode(109))  // KEY_PAGEDOWN
    daemon.press(.down)
    let page = try stack(client, id: 2).first?["page"]
    #expect(page?["first"] == 6 && page?["total"] == 30 && page?["lines"]?.arrayValue?.first == "Clause 7.")
    daemon.press(.enter)
    #expect(client.answer(to: 1)?["result"] == ["closed": true, "device": 1, "reason": "key"])
    let tab = try client.request(3, "textbox.show", ["title": "T", "text": "a\tb"])
    #expect(tab?["error"]?["data"] == ["field": "text"])
  }

  @Test func anInfoBoxOutlivesItsClientUntilTheNextModal() throws {
    var client: InProcessClient? = try daemon.connect(tier: .drive)
    #expect(
      try client?.request(1, "infobox.show", ["title": "Working", "message": "Please wait"])?["result"] == [
        "id": "infobox-1"
      ])
    client?.hangUp()
    client = nil
    daemon.settle()
    let observer = try daemon.connect(tier: .drive)
    let shown = try stack(observer, id: 1)
    #expect(shown.count == 1 && shown.first?["dialog"] == "infobox" && shown.first?["text"] == "Please wait")
    // Keys pass it by: no modal under it gets them, the box stays.
    daemon.press(.enter)
    #expect(try stack(observer, id: 2).count == 1)
    try observer.request(3, "alert.show", ["title": "Done", "buttons": ["OK"]])
    let after = try stack(observer, id: 4)
    #expect(after.count == 1 && after.first?["kind"] == "alert")
    daemon.press(.enter)
    #expect(observer.answer(to: 3)?["result"]?["title"] == "OK")
  }

  @Test func anInfoBoxWithATimeoutGoesByItself() throws {
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "infobox.show", ["title": "Saved", "timeout": 2])
    daemon.advanceClock(by: .seconds(1))
    #expect(try stack(client, id: 2).count == 1)
    daemon.advanceClock(by: .seconds(1))
    #expect(try stack(client, id: 3).isEmpty)
  }

  @Test func anInfoBoxIsDismissedByIdFromAnyConnection() throws {
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "infobox.show", ["title": "Working"])
    let other = try daemon.connect(tier: .drive)
    #expect(
      try other.request(1, "infobox.dismiss", ["id": "infobox-1"])?["result"] == ["dismissed": "infobox-1"])
    #expect(try other.request(2, "infobox.dismiss", ["id": "infobox-1"])?["error"]?["code"] == -32004)
    #expect(try stack(other, id: 3).isEmpty)
  }
}
