extension ModalTextRenderer {
  /// A dialog from its parts: title, wrapped text, the field in brackets
  /// with its cursor highlighted, the buttons with the focused one in
  /// brackets, and what Enter and Esc answer (with the field's length
  /// against its limit).
  func render(_ dialog: DialogSnapshot) -> [TextLine] {
    let buttons = ButtonRow(dialog.buttons, focus: dialog.focusedButton)
    let hint = Self.hint(dialog)
    let textWidth = dialog.text.map(Self.widestLine)
    let fieldWidth = dialog.field.map { field in
      min(max(TextWidth.columns(field.shown) + 3, field.maximumLength.map { $0 + 3 } ?? 0), 60)
    }
    let inner = innerWidth(
      natural: max(
        TextWidth.columns(dialog.title) + 2, buttons.width, TextWidth.columns(hint) + 2,
        min(textWidth ?? 0, 60), fieldWidth ?? 0))
    var box = TextBox(innerWidth: inner)
    box.top(dialog.title)
    if let text = dialog.text {
      for line in TextWidth.wrap(text, width: inner) { box.row(line) }
      box.row("")
    }
    if let field = dialog.field {
      box.row(Self.field(field, width: inner))
      box.row("")
    }
    if !buttons.spans.isEmpty { box.row(buttons.centred(in: inner)) }
    box.bottom(hint)
    return box.lines
  }

  /// The field's row, `[text▏   ]` across `width` columns: the character at
  /// the cursor highlighted (a highlighted space at the end), and for a
  /// text wider than the field, the part that ends at the cursor.
  static func field(_ field: DialogSnapshot.Field, width: Int) -> [TextSpan] {
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

  /// "Enter: OK · Esc: Cancel · 3/64".
  static func hint(_ dialog: DialogSnapshot) -> String {
    var parts: [String] = []
    let enter = dialog.focusedButton ?? 0
    if dialog.buttons.indices.contains(enter) { parts.append("Enter: \(dialog.buttons[enter])") }
    if let cancel = dialog.cancel, dialog.buttons.indices.contains(cancel) {
      parts.append("Esc: \(dialog.buttons[cancel])")
    }
    if let field = dialog.field, let limit = field.maximumLength {
      parts.append("\(field.shown.count)/\(limit)")
    }
    return parts.joined(separator: " · ")
  }
}
