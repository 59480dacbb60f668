import KeyMenuPluginAPI
import KeyMenuProtocol
import Testing

@Suite struct ModalTextRendererTests {
  static func item(
    _ title: String, _ position: SectionPosition, section: Int = 0, enabled: Bool = true,
    submenu: Bool = false
  )
    -> ModalPicture.Menu.Item
  {
    ModalPicture.Menu.Item(
      title: title, section: section, position: position.rawValue, enabled: enabled, opensSubmenu: submenu)
  }

  static func picture(_ entry: ModalPicture..., width: Int = 80, height: Int = 24) -> String {
    ModalTextRenderer(width: width, height: height).render(ModalSnapshot(stack: entry)).map(\.text)
      .joined(separator: "\n")
  }

  @Test func alertShowsTitleWrappedMessageFocusedButtonAndTheKeys() {
    let alert = ModalPicture.alert(
      id: "alert-1", title: "Reboot now?", message: "Updates are installed and the machine restarts soon.",
      buttons: ["No", "Later", "Yes"], focus: 1, cancel: 0, defaultButton: 2)
    #expect(
      Self.picture(alert, width: 34) == """
        ┌─ Reboot now? ──────────────────┐
        │ Updates are installed and the  │
        │ machine restarts soon.         │
        │                                │
        │      No   [ Later ]   Yes      │
        └─ Enter: Later · Esc: No · ←→ ──┘
        """)
  }

  @Test func aPromptShowsItsFieldWithTheCursorAndTheKeys() {
    let prompt = ModalPicture(
      id: "prompt-1", kind: "prompt", title: "Name?", text: "As on the door.",
      field: .init(shown: "Ada", masked: false, cursor: 1, maximumLength: 20), buttons: ["OK", "Cancel"],
      cancel: 1)
    #expect(
      Self.picture(prompt) == """
        ┌─ Name? ──────────────────────────────┐
        │ As on the door.                      │
        │                                      │
        │ [Ada                               ] │
        │                                      │
        │            OK     Cancel             │
        └─ Enter: OK · Esc: Cancel · 3/20 ─────┘
        """)
    let lines = ModalTextRenderer(width: 80, height: 24).render(ModalSnapshot(stack: [prompt]))
    #expect(lines[3].spans.map(\.text) == ["│ ", "[A", "d", "a                               ]", " │"])
    #expect(lines[3].spans[2].style == .highlighted)
  }

  @Test func aLongFieldShowsThePartEndingAtTheCursorAndAFocusedButton() {
    let text = String(repeating: "•", count: 40)
    let dialog = ModalPicture(
      id: "d", kind: "prompt", title: "PIN", field: .init(shown: text, masked: true, cursor: 40),
      buttons: ["OK"], focusedButton: 0)
    #expect(
      Self.picture(dialog, width: 30) == """
        ┌─ PIN ──────────────────────┐
        │ [••••••••••••••••••••••• ] │
        │                            │
        │           [ OK ]           │
        └─ Enter: OK ────────────────┘
        """)
  }

  @Test func alertWithoutCancelOrMessage() {
    let alert = ModalPicture.alert(
      id: "a", title: "Done", message: nil, buttons: ["OK"], focus: 0, cancel: nil, defaultButton: 0)
    #expect(
      Self.picture(alert) == """
        ┌─ Done ───────────────────┐
        │          [ OK ]          │
        └─ Enter: OK ──────────────┘
        """)
  }

  @Test func menuDrawsHighlightDigitsSubmenusDisabledItemsAndSectionSeparators() {
    let menu = ModalPicture.menu(
      id: "menu-1", path: ["Power"],
      items: [
        Self.item("Suspend", .top), Self.item("Hibernate", .middle, enabled: false),
        Self.item("More", .bottom, submenu: true), Self.item("Reboot", .top, section: 1),
        Self.item("Shut down", .bottom, section: 1), Self.item("Cancel", .single, section: 2),
      ], highlight: 3, filter: "")
    let lines = ModalTextRenderer(width: 80, height: 24).render(ModalSnapshot(stack: [menu]))
    #expect(
      lines.map(\.text).joined(separator: "\n") == """
        ┌─ Power ──────────────────────┐
        │   1 Suspend                  │
        │     Hibernate                │
        │   3 More                   ▸ │
        ├──────────────────────────────┤
        │ ▶ 4 Reboot                   │
        │   5 Shut down                │
        ├──────────────────────────────┤
        │   6 Cancel                   │
        └─ Enter: choose · Esc: close ─┘
        """)
    #expect(lines[5].spans.contains { $0.style == .highlighted && $0.text.hasPrefix("▶ 4 Reboot") })
    #expect(lines[2].spans.contains { $0.style == .dimmed && $0.text.contains("Hibernate") })
  }

  @Test func submenuShowsItsPathTheFilterAndWhatIsBehind() {
    let alert = ModalPicture.alert(
      id: "a", title: "Below", message: nil, buttons: ["OK"], focus: 0, cancel: nil, defaultButton: 0)
    let menu = ModalPicture.menu(
      id: "menu-2", path: ["Fruit", "More"], items: [Self.item("Cherry", .single)], highlight: 0, filter: "ch"
    )
    #expect(
      Self.picture(alert, menu) == """
        ┌─ Fruit › More ─────────────────────────┐
        │ ▶ 1 Cherry                             │
        ├────────────────────────────────────────┤
        │ Filter: ch                             │
        └─ Enter: choose · ←: back · Esc: close ─┘
        1 more behind this one
        """)
  }

  @Test func filterThatMatchesNothingSaysSo() {
    let menu = ModalPicture.menu(id: "m", path: ["Fruit"], items: [], highlight: nil, filter: "xyz")
    let text = Self.picture(menu)
    #expect(text.contains("│ (nothing matches)"))
    #expect(text.contains("│ Filter: xyz"))
  }

  @Test func tallMenuShowsAWindowAroundTheHighlightWithCountsOfWhatIsCut() {
    let items = (1...30).map { Self.item("Item \($0)", $0 == 1 ? .top : $0 == 30 ? .bottom : .middle) }
    let menu = ModalPicture.menu(id: "m", path: ["Long"], items: items, highlight: 14, filter: "")
    let lines = ModalTextRenderer(width: 80, height: 12).render(ModalSnapshot(stack: [menu])).map(
      \.text)
    #expect(lines.count == 12)
    #expect(lines[1].contains("↑ 10 more"))
    #expect(lines.contains { $0.contains("▶   Item 15") })
    #expect(lines[10].contains("↓ 12 more"))
    let shown = lines.filter { $0.contains("Item ") }.count
    #expect(shown == 8)
    #expect(shown + 10 + 12 == 30, "every item is either shown or counted")
  }

  @Test func narrowScreenWrapsTheTitleCutsItemsWithAnEllipsisAndKeepsTheBoxClosed() {
    let menu = ModalPicture.menu(
      id: "m", path: ["A rather long menu title"],
      items: [Self.item("An item whose title is far too long for this screen", .single)], highlight: 0,
      filter: "")
    let lines = ModalTextRenderer(width: 20, height: 24).render(ModalSnapshot(stack: [menu]))
    #expect(lines.allSatisfy { $0.width == 20 }, "\(lines.map(\.text))")
    #expect(
      lines.map(\.text).prefix(5) == [
        "┌──────────────────┐",
        "│ A rather long    │",
        "│ menu title       │",
        "├──────────────────┤",
        "│ ▶ 1 An item who… │",
      ])
  }

  @Test func aWindowedSnapshotCountsWhatIsOutsideItsWindow() {
    let items = (1...512).map { Self.item("item \($0 + 9000)", .middle) }
    let menu = ModalPicture.menu(
      id: "m", path: ["Long"], items: items, highlight: 256, filter: "", offset: 9000, total: 20_000)
    let lines = Self.picture(menu, width: 40, height: 8).split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "┌─ Long ───────────────────────┐",
        "│ ↑ 9254 more                  │",
        "│     item 9255                │",
        "│     item 9256                │",
        "│ ▶   item 9257                │",
        "│     item 9258                │",
        "│ ↓ 10742 more                 │",
        "└─ Enter: choose · Esc: close ─┘",
      ], "\(lines.joined(separator: "\n"))")
  }

  @Test func atFortyColumnsTheWholeQuestionIsRead() {
    let alert = ModalPicture.alert(
      id: "a", title: "Reboot the media box now to finish installing updates?",
      message: "Playback stops for about a minute.", buttons: ["Later", "Reboot"], focus: 0, cancel: 0,
      defaultButton: 1)
    #expect(
      Self.picture(alert, width: 40) == """
        ┌──────────────────────────────────────┐
        │ Reboot the media box now to finish   │
        │ installing updates?                  │
        ├──────────────────────────────────────┤
        │ Playback stops for about a minute.   │
        │                                      │
        │         [ Later ]   Reboot           │
        └─ Enter: Later · Esc: Later · ←→ ─────┘
        """)
  }

  @Test func wideCharactersTakeTwoColumns() {
    #expect(TextWidth.columns("日本語") == 6)
    #expect(TextWidth.columns("e\u{301}") == 1)
    #expect(TextWidth.columns("🍎") == 2)
    #expect(TextWidth.columns("a\u{200B}b\u{200E}c\u{FEFF}") == 3, "invisible format characters take none")
    #expect(TextWidth.columns("soft\u{AD}hyphen") == 11, "a soft hyphen shows as one")
    #expect(TextWidth.pad("日本語", to: 5) == "日本…")
    #expect(TextWidth.wrap("one two three", width: 7) == ["one two", "three"])
    #expect(TextWidth.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    // A word wider than the line gets lines of its own; what is left of it starts the next line.
    #expect(TextWidth.wrap("ab xxxxxxxxxx cd", width: 4) == ["ab", "xxxx", "xxxx", "xx", "cd"])
    #expect(TextWidth.wrap("漢字漢 a", width: 4) == ["漢字", "漢 a"])
    #expect(TextWidth.wrap("漢a", width: 1) == ["漢", "a"], "a character wider than the line is not split")
    let long = TextWidth.wrap(String(repeating: "w", count: 16_384), width: 70)
    #expect(long.count == 235 && long.dropLast().allSatisfy { $0.count == 70 } && long.last?.count == 4)
  }

  @Test func emptyStackSaysNothingIsInFront() {
    #expect(
      ModalTextRenderer(width: 80, height: 24).render(ModalSnapshot()).map(\.text) == ["Nothing in front."])
  }
}
