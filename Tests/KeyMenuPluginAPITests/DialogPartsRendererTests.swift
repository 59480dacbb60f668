import KeyMenuPluginAPI
import KeyMenuProtocol
import Testing

@Suite struct DialogPartsRendererTests {
  static func picture(_ dialog: ModalPicture, width: Int = 80, height: Int = 24) -> String {
    ModalTextRenderer(width: width, height: height).render(ModalSnapshot(stack: [dialog])).map(
      \.text
    )
    .joined(separator: "\n")
  }

  @Test func aChecklistShowsMarksTagsTheHighlightAndTheSpaceKey() {
    let dialog = ModalPicture(
      id: "checklist-1", kind: "checklist", title: "Services",
      choices: .init(
        marks: .check,
        items: [.init(tag: "ssh", text: "Secure shell", marked: true), .init(tag: "ntp", text: "Time")],
        highlight: 1),
      buttons: ["OK", "Cancel"], cancel: 1)
    #expect(
      Self.picture(dialog) == """
        ┌─ Services ──────────────────────────────┐
        │   [x] ssh  Secure shell                 │
        │ ▶ [ ] ntp  Time                         │
        │                                         │
        │              OK     Cancel              │
        └─ Space: mark · Enter: OK · Esc: Cancel ─┘
        """)
  }

  @Test func aRadiolistMarksOneChoiceAndATallListShowsAWindow() {
    let items = (1...30).map { ModalPicture.Choices.Item(text: "Zone \($0)", marked: $0 == 20) }
    let dialog = ModalPicture(
      id: "radiolist-1", kind: "radiolist", title: "Time zone",
      choices: .init(marks: .radio, items: items, highlight: 19), buttons: ["OK"])
    #expect(
      Self.picture(dialog, width: 40, height: 12) == """
        ┌─ Time zone ──────────────┐
        │ ↑ 17 more                │
        │   ( ) Zone 18            │
        │   ( ) Zone 19            │
        │ ▶ (*) Zone 20            │
        │   ( ) Zone 21            │
        │   ( ) Zone 22            │
        │ ↓ 8 more                 │
        │                          │
        │            OK            │
        └─ Enter: OK ──────────────┘
        """)
  }

  @Test func aGaugeShowsItsBarAndPercent() {
    let dialog = ModalPicture(
      id: "gauge-1", kind: "gauge", title: "Installing", text: "Unpacking files", percent: 42)
    #expect(
      Self.picture(dialog) == """
        ┌─ Installing ─────────────────────────────┐
        │ Unpacking files                          │
        │                                          │
        │ ██████████████░░░░░░░░░░░░░░░░░░░░░  42% │
        └──────────────────────────────────────────┘
        """)
  }

  @Test func aPageShowsTheLinesThatFitAndWhereTheyAre() {
    let lines = (1...40).map { "Line \($0) of the licence" }
    let dialog = ModalPicture(
      id: "textbox-1", kind: "textbox", title: "Licence",
      page: .init(lines: Array(lines[10...]), first: 10, total: 40), buttons: ["OK"], focusedButton: 0)
    #expect(
      Self.picture(dialog, width: 40, height: 10) == """
        ┌─ Licence ───────────────────────┐
        │ Line 11 of the licence          │
        │ Line 12 of the licence          │
        │ Line 13 of the licence          │
        │ Line 14 of the licence          │
        │ Line 15 of the licence          │
        │                                 │
        │             [ OK ]              │
        └─ Enter: OK · lines 11–15 of 40 ─┘
        """)
  }

  @Test func anOnScreenKeyboardShowsItsKeysWithTheFocusedOneInBrackets() {
    let dialog = ModalPicture(
      id: "prompt-1", kind: "prompt", title: "Wi-Fi password",
      field: .init(shown: "••", masked: true, cursor: 2),
      keyboard: .init(rows: [["a", "b", "c"], ["shift", "space", "⌫", "done"]], row: 1, column: 1),
      buttons: ["OK", "Cancel"], cancel: 1)
    #expect(
      Self.picture(dialog) == """
        ┌─ Wi-Fi password ──────────────┐
        │ [••                         ] │
        │                               │
        │           a   b   c           │
        │   shift  [space]  ⌫   done    │
        │                               │
        │         OK     Cancel         │
        └─ OK: press key · Esc: Cancel ─┘
        """)
  }
}

@Suite struct ChoicesWindowTests {
  @Test func aLongListIsSentAsAWindowAroundTheHighlightAndDrawnWithItsCounts() {
    let items = (1...4096).map { ModalPicture.Choices.Item(text: "Item \($0)") }
    let choices = ModalPicture.Choices.window(marks: .check, items: items, highlight: 3000)
    #expect(choices.items.count == ModalPicture.Choices.windowSize)
    #expect(choices.offset == 2744 && choices.total == 4096 && choices.highlight == 256)
    #expect(choices.items[256].text == "Item 3001")
    let short = ModalPicture.Choices.window(marks: .check, items: Array(items.prefix(3)), highlight: 0)
    #expect(!short.isWindow && short.total == 3)
    let dialog = ModalPicture(
      id: "checklist-1", kind: "checklist", title: "Many", choices: choices, buttons: ["OK"])
    let lines = ModalTextRenderer(width: 40, height: 10).render(ModalSnapshot(stack: [dialog])).map(
      \.text)
    #expect(lines.contains { $0.contains("↑ 2999 more") })
    #expect(lines.contains { $0.contains("▶ [ ] Item 3001") })
    #expect(lines.contains { $0.contains("↓ 1094 more") })
  }
}

/// The system's own question (a password agent's, `system`) is framed with
/// double lines and its hint starts "System question"; a client's prompt
/// that calls itself one keeps the single frame and its own words only
/// inside it.
@Suite struct SystemQuestionRendererTests {
  static func prompt(title: String, system: Bool) -> ModalPicture {
    ModalPicture(
      id: "prompt-1", kind: "prompt", title: title, text: "Asked by cryptsetup:data",
      field: .init(shown: "••", masked: true, cursor: 2), buttons: ["OK", "Cancel"], cancel: 1,
      system: system)
  }

  @Test func theSystemsQuestionHasADoubleFrameAndSaysSo() {
    #expect(
      DialogPartsRendererTests.picture(Self.prompt(title: "Passphrase for data:", system: true)) == """
        ╔═ Passphrase for data: ══════════════════════════╗
        ║ Asked by cryptsetup:data                        ║
        ║                                                 ║
        ║ [••                                           ] ║
        ║                                                 ║
        ║                  OK     Cancel                  ║
        ╚═ System question · Enter: OK · Esc: Cancel ═════╝
        """)
  }

  @Test func aClientsPromptCannotPassForIt() {
    let lines = DialogPartsRendererTests.picture(Self.prompt(title: "System question", system: false))
      .split(separator: "\n")
    #expect(lines.first?.hasPrefix("┌─ System question ─") == true, "\(lines)")
    #expect(lines.last?.hasPrefix("└─ Enter: OK · Esc: Cancel ─") == true, "\(lines)")
    #expect(!lines.joined().contains("║") && !lines.joined().contains("═"))
  }
}
