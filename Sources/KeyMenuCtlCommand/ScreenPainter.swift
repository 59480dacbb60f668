import KeyMenuPluginAPI

/// Turns a ``ModalTextRenderer`` picture into output: on a terminal, the
/// whole screen redrawn with the picture centred and styles as SGR
/// attributes (``TerminalPainter``); otherwise plain text, one picture after
/// another with a blank line between (for logs and pipes).
struct ScreenPainter {
  /// Whether to draw on a terminal screen (else plain text).
  let onTerminal: Bool
  /// The line above the picture (which daemon, how to quit).
  let header: String

  /// Switches to the alternate screen and hides the cursor.
  static let enter = "\u{1B}[?1049h\u{1B}[?25l"
  /// Shows the cursor and returns to the normal screen.
  static let leave = "\u{1B}[?25h\u{1B}[?1049l"

  /// The text that shows `lines` on a `columns` × `rows` screen.
  func paint(_ lines: [TextLine], columns: Int, rows: Int) -> String {
    guard onTerminal else { return lines.map(\.text).joined(separator: "\n") + "\n\n" }
    var output = "\u{1B}[H\u{1B}[2J"
    output +=
      TerminalPainter.attributes(.dimmed) + TextWidth.truncate(header, to: columns) + TerminalPainter.reset
    let width = lines.map(\.width).max() ?? 0
    let left = max(0, (columns - width) / 2)
    let top = max(2, (rows - lines.count) / 2 + 1)
    return output + TerminalPainter().draw(lines, row: top, column: left + 1, lastRow: rows)
  }
}
