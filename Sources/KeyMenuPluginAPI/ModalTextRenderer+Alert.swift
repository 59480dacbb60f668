extension ModalTextRenderer {
  /// An alert: title, wrapped message, the buttons with the focused one in
  /// brackets, and what Enter (the focused button) and Esc answer. A
  /// message taller than the rows the rest leaves shows its top and a
  /// "↓ N more lines" row, so that the buttons stay on the screen; scrolled
  /// (``AlertSnapshot/firstLine``), it starts at that line under a
  /// "↑ N lines above" row.
  func render(_ alert: AlertSnapshot) -> [TextLine] {
    let buttons = ButtonRow(alert.buttons, focus: alert.focus)
    let hint = Self.hint(alert, focus: alert.focus)
    // The widest hint any focus gives, so the box keeps its size as focus moves.
    let hintWidth = alert.buttons.indices.map { TextWidth.columns(Self.hint(alert, focus: $0)) }.max() ?? 0
    let messageWidth = alert.message.map(Self.widestLine)
    let inner = innerWidth(
      natural: max(
        TextWidth.columns(alert.title) + 2, buttons.width, hintWidth + 2, min(messageWidth ?? 0, 60)))
    var box = TextBox(innerWidth: inner)
    box.top(alert.title)
    if let message = alert.message {
      // The rows left under the title: an empty row, the buttons, the bottom border.
      let room = height - box.lines.count - 3
      let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
      let above = min(max(0, alert.firstLine), lines.count - 1)
      let shown = above > 0 ? lines.dropFirst(above).joined(separator: "\n") : message
      for row in Self.clipped(TextWidth.wrap(shown, width: inner), to: room, linesAbove: above) {
        box.row(row)
      }
      box.row("")
    }
    box.row(buttons.centred(in: inner))
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
