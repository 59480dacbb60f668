import KeyMenuPluginAPI

/// Turns a ``ModalTextRenderer`` picture into output: on a terminal, the
/// whole screen redrawn with the picture centred and styles as SGR
/// attributes; otherwise plain text, one picture after another with a blank
/// line between (for logs and pipes).
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
    output += "\u{1B}[2m" + TextWidth.truncate(header, to: columns) + "\u{1B}[0m"
    let width = lines.map(\.width).max() ?? 0
    let left = max(0, (columns - width) / 2)
    let top = max(2, (rows - lines.count) / 2 + 1)
    for (index, line) in lines.enumerated() where top + index <= rows {
      output += "\u{1B}[\(top + index);\(left + 1)H"
      for span in line.spans {
        output += Self.attributes(span.style) + span.text + "\u{1B}[0m"
      }
    }
    return output
  }

  private static func attributes(_ style: TextStyle) -> String {
    switch style {
    case .normal: return ""
    case .highlighted: return "\u{1B}[7m"
    case .dimmed: return "\u{1B}[2m"
    case .title: return "\u{1B}[1m"
    }
  }
}
