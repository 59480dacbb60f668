public import KeyMenuPluginAPI

/// What the overlay draws for a snapshot: the same lines as `keymenuctl ui`
/// (``ModalTextRenderer``), cut into runs placed on a grid of character
/// cells, so that a painter needs no text logic of its own.
///
/// Pure: the same snapshot and grid give the same picture. Texts are drawn
/// in their ``ModalSnapshot/shown`` form (control and bidi-override
/// characters made visible). Each span starts at the column the spans
/// before it end at, counted with ``TextWidth``, so a span drawn in a
/// fallback font of another width never moves the box's right border.
public struct OverlayPicture: Hashable, Sendable {
  /// A run of text at a cell position.
  public struct Run: Hashable, Sendable {
    /// The line, from 0 at the top.
    public var row: Int
    /// The first cell, from 0 at the left.
    public var column: Int
    /// Cells the run takes.
    public var columns: Int
    public var text: String
    public var style: TextStyle
  }

  /// The lines, as `keymenuctl ui` shows them.
  public var lines: [TextLine]
  /// The runs to draw, line by line.
  public var runs: [Run]
  /// Cells across: the widest line.
  public var columns: Int
  /// Lines down.
  public var rows: Int { lines.count }

  /// The picture of what is in front of `snapshot` on a grid of at most
  /// `columns` × `rows` cells, and the row under it that says what is
  /// behind; nil when nothing is in front (the overlay then shows nothing).
  ///
  /// The renderer fits long messages, texts and menus into the rows (their
  /// top or a window, with "more" rows). A box whose other parts alone are
  /// taller (a title wrapped over many rows, a grid of a few rows) keeps
  /// its last lines, the buttons and the keys, and its first, the top
  /// border, when there are rows for it besides; a line wider than the
  /// grid is cut.
  public init?(_ snapshot: ModalSnapshot, columns: Int = 72, rows: Int = 24) {
    guard snapshot.front != nil else { return nil }
    let lines = ModalTextRenderer(width: columns, height: rows).render(snapshot.shown)
    self.init(lines: Self.fitted(lines, columns: columns, rows: rows + (snapshot.stack.count > 1 ? 1 : 0)))
  }

  /// A picture of given lines.
  public init(lines: [TextLine]) {
    self.lines = lines
    var runs: [Run] = []
    for (row, line) in lines.enumerated() {
      var column = 0
      for span in line.spans where !span.text.isEmpty {
        let width = TextWidth.columns(span.text)
        runs.append(Run(row: row, column: column, columns: width, text: span.text, style: span.style))
        column += width
      }
    }
    self.runs = runs
    columns = lines.map(\.width).max() ?? 0
  }

  /// `lines` on at most `columns` × `rows` (at least 1 × 1) cells.
  private static func fitted(_ lines: [TextLine], columns: Int, rows: Int) -> [TextLine] {
    let rows = max(1, rows)
    let columns = max(1, columns)
    var lines = lines
    if lines.count > rows {
      let top = rows >= 4 ? 1 : 0
      lines = Array(lines.prefix(top) + lines.suffix(rows - top))
    }
    return lines.map { line in
      guard line.width > columns else { return line }
      var spans: [TextSpan] = []
      var remaining = columns
      for span in line.spans where remaining > 0 {
        let text = TextWidth.truncate(span.text, to: remaining)
        remaining -= TextWidth.columns(text)
        spans.append(TextSpan(text, span.style))
      }
      return TextLine(spans)
    }
  }
}
