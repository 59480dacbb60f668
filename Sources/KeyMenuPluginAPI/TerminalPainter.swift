import KeyMenuCore

/// Turns a text picture into the escape text that draws it on a VT100-style
/// terminal (xterm, tmux, the Linux console): the cursor moved to each line
/// with `CSI row;column H`, styles as SGR attributes.
///
/// Pure: it only makes text. `keymenuctl ui` and the console presenter write
/// it; neither clears anything here. The only escape sequences in what it
/// makes are its own: a span's control or bidi-override characters are
/// drawn in their ``ShownText/visible(_:keepingNewlines:)`` form whoever
/// made the picture.
public struct TerminalPainter: Hashable, Sendable {
  /// Whether styles become SGR attributes (else the characters alone, which
  /// mark highlight and focus anyway).
  public var styled: Bool

  /// Creates a painter.
  public init(styled: Bool = true) { self.styled = styled }

  /// `SGR 0`: back to normal attributes.
  public static let reset = "\u{1B}[0m"

  /// `CUP`: the cursor to `row`, `column` (1-based).
  public static func moveCursor(row: Int, column: Int) -> String { "\u{1B}[\(row);\(column)H" }

  /// The SGR attributes of a style: reverse, dim or bold.
  public static func attributes(_ style: TextStyle) -> String {
    switch style {
    case .normal: return ""
    case .highlighted: return "\u{1B}[7m"
    case .dimmed: return "\u{1B}[2m"
    case .title: return "\u{1B}[1m"
    }
  }

  /// `lines` with the first at `row`, `column` (1-based); lines that would
  /// fall below `lastRow` are left out.
  public func draw(_ lines: [TextLine], row: Int, column: Int, lastRow: Int = .max) -> String {
    var output = ""
    for (index, line) in lines.enumerated() where row + index <= lastRow {
      output += draw(line, row: row + index, column: column)
    }
    return output
  }

  /// One line starting at `row`, `column` (1-based).
  public func draw(_ line: TextLine, row: Int, column: Int) -> String {
    var output = Self.moveCursor(row: row, column: column)
    for span in line.spans {
      let text = ShownText.visible(span.text)
      output += styled ? Self.attributes(span.style) + text + Self.reset : text
    }
    return output
  }

  /// `count` spaces from `row`, `column`: erases cells drawn before (the
  /// attributes must be normal, as they are after ``draw(_:row:column:)``).
  public func blank(row: Int, column: Int, count: Int) -> String {
    guard count > 0 else { return "" }
    return Self.moveCursor(row: row, column: column) + String(repeating: " ", count: count)
  }
}
