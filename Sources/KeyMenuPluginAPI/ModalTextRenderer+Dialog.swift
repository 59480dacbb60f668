public import KeyMenuProtocol

extension ModalTextRenderer {
  /// A modal from its parts, top to bottom: title, wrapped text, the page
  /// being read, the choices, the gauge, the field in brackets with its
  /// cursor highlighted, the on-screen keyboard, the buttons with the
  /// focused one in brackets, and what the keys do (with where the page is
  /// and the field's length against its limit). The page and the choices
  /// share the rows the rest leaves; a text taller than the rows the rest
  /// leaves shows its top and a "↓ N more lines" row, so that the buttons
  /// stay on the screen; scrolled (``ModalPicture/firstLine``), it starts
  /// at that line under a "↑ N lines above" row.
  func render(_ dialog: ModalPicture) -> [TextLine] {
    let buttons = ButtonRow(dialog.buttons, focus: dialog.focusedButton)
    let keyboard = dialog.keyboard.map(KeyboardRows.init)
    let inner = innerWidth(natural: Self.naturalWidth(dialog, buttons: buttons, keyboard: keyboard))
    var box = TextBox(innerWidth: inner, frame: dialog.system ? .double : .single)
    box.top(dialog.title)
    // Parts are set apart by an empty row; the last one touches the bottom.
    var parts = 0
    func part(_ rows: [[TextSpan]]) {
      if parts > 0 { box.row("") }
      for row in rows { box.row(row) }
      parts += 1
    }
    let below =
      (dialog.percent == nil ? 0 : 2) + (dialog.field == nil ? 0 : 2)
      + (keyboard.map { $0.rows.count + 1 } ?? 0) + (buttons.spans.isEmpty ? 0 : 2) + 1
    if let text = dialog.text {
      // A text taller than the rest leaves (a page or choices keep an empty
      // row and three rows of their own) shows its top and a "more" row.
      let rest = below + (dialog.page == nil && dialog.choices == nil ? 0 : 4)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      let above = min(max(0, dialog.firstLine), lines.count - 1)
      let shown = above > 0 ? lines.dropFirst(above).joined(separator: "\n") : text
      part(
        Self.clipped(
          TextWidth.wrap(shown, width: inner), to: height - box.lines.count - rest, linesAbove: above))
    }
    let room = max(
      3, height - box.lines.count - below - (dialog.page == nil || dialog.choices == nil ? 1 : 2))
    var shownLines: Int?
    if let page = dialog.page {
      let rows = Self.pageRows(page, width: inner, limit: dialog.choices == nil ? room : room / 2)
      part(rows.rows.map { [TextSpan($0)] })
      shownLines = rows.lines
    }
    if let choices = dialog.choices { part(Self.choiceRows(choices, inner: inner, limit: room)) }
    if let percent = dialog.percent { part([Self.gauge(percent, width: inner)]) }
    if let field = dialog.field { part([Self.field(field, width: inner)]) }
    if let keyboard { part(keyboard.rows.map { $0.centred(in: inner) }) }
    if !buttons.spans.isEmpty { part([buttons.centred(in: inner)]) }
    box.bottom(Self.hint(dialog, shownLines: shownLines))
    return box.lines
  }

  /// The columns the dialog's widest part asks for (long texts capped, so
  /// that a box stays readable).
  static func naturalWidth(_ dialog: ModalPicture, buttons: ButtonRow, keyboard: KeyboardRows?) -> Int {
    // The hint as wide as it can get: a page's position with its widest
    // numbers, and its words with the focus on each button and off them
    // (where a checklist's has "Space: mark"), so that the box keeps its
    // size as the focus moves.
    let focuses = [dialog.focusedButton, nil] + dialog.buttons.indices.map { Optional($0) }
    let hint =
      focuses.map { focus in
        var focused = dialog
        focused.focusedButton = focus
        return TextWidth.columns(Self.hint(focused, shownLines: dialog.page.map { _ in 0 }))
      }
      .max() ?? 0
    var widths = [TextWidth.columns(dialog.title) + 2, buttons.width, hint + 2]
    if let text = dialog.text { widths.append(min(widestLine(text), 60)) }
    if let page = dialog.page { widths.append(min(page.lines.map(TextWidth.columns).max() ?? 0, 76)) }
    if let choices = dialog.choices { widths.append(min(choiceWidth(choices), 70)) }
    if dialog.percent != nil { widths.append(40) }
    if let field = dialog.field {
      widths.append(
        min(max(TextWidth.columns(field.shown) + 3, field.maximumLength.map { $0 + 3 } ?? 0), 60))
    }
    if let keyboard { widths.append(keyboard.width) }
    return widths.max() ?? 0
  }

  /// The field's row, `[text▏   ]` across `width` columns: the character at
  /// the cursor highlighted (a highlighted space at the end), and for a
  /// text wider than the field, the part that ends at the cursor.
  static func field(_ field: ModalPicture.Field, width: Int) -> [TextSpan] {
    let inside = max(1, width - 2)
    let characters = Array(field.shown)
    let cursor = min(max(field.cursor, 0), characters.count)
    var start = 0
    while start < cursor, TextWidth.columns(String(characters[start..<cursor])) + 1 > inside {
      start += 1
    }
    let before = String(characters[start..<cursor])
    let under = cursor < characters.count ? String(characters[cursor]) : " "
    var rest = inside - TextWidth.columns(before) - TextWidth.columns(under)
    let after = TextWidth.truncate(
      String(characters[min(cursor + 1, characters.count)...]), to: max(0, rest))
    rest -= TextWidth.columns(after)
    return [
      TextSpan("[" + before), TextSpan(under, .highlighted),
      TextSpan(after + String(repeating: " ", count: max(0, rest)) + "]"),
    ]
  }

  /// The gauge's row: a bar across the width and the percent, `█████░░░░░  42%`.
  static func gauge(_ percent: Int, width: Int) -> [TextSpan] {
    let percent = min(max(percent, 0), 100)
    let label = String(repeating: " ", count: 3 - String(percent).count) + "\(percent)%"
    let bar = max(1, width - TextWidth.columns(label) - 1)
    let filled = bar * percent / 100
    return [
      TextSpan(String(repeating: "█", count: filled), .highlighted),
      TextSpan(String(repeating: "░", count: bar - filled) + " " + label),
    ]
  }

  /// "Enter: OK · Esc: Cancel · 3/64", with "Space: mark" for check
  /// boxes, "lines 1–20 of 132" for a page and "←→" for a message with
  /// buttons to move between (`shownLines`: how many of the page's lines
  /// are shown). Shared with the graphical overlay's footer.
  public static func hint(_ dialog: ModalPicture, shownLines: Int?) -> String {
    // The system's own question says so first, where no client's text goes.
    var parts: [String] = dialog.system ? [ModalPicture.systemMark] : []
    if dialog.focusedButton == nil {
      if dialog.choices?.marks == .check { parts.append("Space: mark") }
      if dialog.keyboard != nil { parts.append("OK: press key") }
    }
    let enter = dialog.focusedButton ?? 0
    if dialog.keyboard == nil || dialog.focusedButton != nil, dialog.buttons.indices.contains(enter) {
      parts.append("Enter: \(dialog.buttons[enter])")
    }
    if let cancel = dialog.cancel, dialog.buttons.indices.contains(cancel) {
      parts.append("Esc: \(dialog.buttons[cancel])")
    }
    if let page = dialog.page, let shownLines, page.total > shownLines {
      // Zero lines shown stands for the widest form, to measure the hint.
      let first = shownLines == 0 ? page.total : page.first + 1
      let last = shownLines == 0 ? page.total : min(page.first + shownLines, page.total)
      parts.append("lines \(first)–\(last) of \(page.total)")
    }
    if let field = dialog.field, let limit = field.maximumLength {
      parts.append("\(field.shown.count)/\(limit)")
    }
    if dialog.buttons.count > 1, dialog.isMessage { parts.append("←→") }
    return parts.joined(separator: " · ")
  }
}

extension ModalPicture {
  /// Whether the modal is a message with buttons and nothing else to act
  /// on (an alert): Left and Right move between its buttons.
  var isMessage: Bool {
    menu == nil && page == nil && choices == nil && percent == nil && field == nil && keyboard == nil
  }
}
