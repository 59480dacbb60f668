extension ModalTextRenderer {
  /// An alert: title, wrapped message, the buttons with the focused one in
  /// brackets, and what Enter (the focused button) and Esc answer.
  func render(_ alert: AlertSnapshot) -> [TextLine] {
    let buttons = alert.buttons.enumerated().map { index, title in
      index == alert.focus ? TextSpan("[ \(title) ]", .highlighted) : TextSpan("  \(title)  ")
    }
    let buttonsWidth = buttons.reduce(0) { $0 + TextWidth.columns($1.text) } + max(0, buttons.count - 1)
    let hint = Self.hint(alert, focus: alert.focus)
    // The widest hint any focus gives, so the box keeps its size as focus moves.
    let hintWidth = alert.buttons.indices.map { TextWidth.columns(Self.hint(alert, focus: $0)) }.max() ?? 0
    let messageWidth = alert.message.map { text in
      text.split(separator: "\n").map { TextWidth.columns(String($0)) }.max() ?? 0
    }
    let inner = innerWidth(
      natural: max(
        TextWidth.columns(alert.title) + 2, buttonsWidth, hintWidth + 2, min(messageWidth ?? 0, 60)))
    var box = TextBox(innerWidth: inner)
    box.top(alert.title)
    if let message = alert.message {
      for line in TextWidth.wrap(message, width: inner) { box.row(line) }
      box.row("")
    }
    var row: [TextSpan] = []
    let indent = max(0, (inner - buttonsWidth) / 2)
    if indent > 0 { row.append(TextSpan(String(repeating: " ", count: indent))) }
    for (index, button) in buttons.enumerated() {
      if index > 0 { row.append(TextSpan(" ")) }
      row.append(button)
    }
    box.row(row)
    box.bottom(hint)
    return box.lines
  }

  /// "Enter: Yes · Esc: No".
  static func hint(_ alert: AlertSnapshot, focus: Int) -> String {
    var parts: [String] = []
    if alert.buttons.indices.contains(focus) {
      parts.append("Enter: \(alert.buttons[focus])")
    }
    if let cancel = alert.cancel, alert.buttons.indices.contains(cancel) {
      parts.append("Esc: \(alert.buttons[cancel])")
    }
    if alert.buttons.count > 1 { parts.append("←→") }
    return parts.joined(separator: " · ")
  }
}
