import KeyMenuPluginAPI

/// What the console presenter has drawn, row by row, and the escape text that
/// turns it into the next picture while touching only cells that either
/// picture covers: the new picture is drawn whole (so a box that a program
/// on the terminal scribbled over or cleared is whole again after the next
/// change), a cell the old picture covered and the new one does not becomes
/// a space, and nothing else on the screen is touched. The same picture
/// again writes nothing.
///
/// Pure. Every change is wrapped in save cursor (`ESC 7`, which also keeps
/// the attributes) and restore cursor (`ESC 8`), so whoever owns the
/// terminal finds the cursor where it left it.
struct ConsoleCanvas: Hashable, Sendable {
  /// One drawn row: its line and the column the line starts at (1-based).
  struct Placed: Hashable, Sendable {
    var column: Int
    var line: TextLine

    /// The columns it covers.
    var cells: Range<Int> { column..<(column + line.width) }
  }

  /// A picture placed on the screen: the rows it covers (1-based).
  typealias Picture = [Int: Placed]

  /// `ESC 7`: save cursor position and attributes.
  static let saveCursor = "\u{1B}7"
  /// `ESC 8`: restore them.
  static let restoreCursor = "\u{1B}8"

  /// What is on the screen now, as far as this canvas drew it.
  private(set) var drawn: Picture = [:]
  /// Set when the device was reopened: what was drawn may be damaged, so
  /// the next change draws even the same picture again.
  private var mustRedraw = false

  /// Whether nothing drawn is on the screen.
  var isEmpty: Bool { drawn.isEmpty }

  /// Forgets the device's contents but not the cells drawn: the next
  /// ``change(to:columns:rows:painter:)`` draws even the same picture.
  mutating func invalidate() { mustRedraw = true }

  /// Forgets everything drawn (the device is gone; nothing can be erased).
  mutating func forget() {
    drawn = [:]
    mustRedraw = false
  }

  /// The escape text that turns what is drawn into `picture` on a
  /// `columns` × `rows` screen; empty when nothing changes. Cells outside
  /// the screen (it shrank) are not written.
  mutating func change(to picture: Picture, columns: Int, rows: Int, painter: TerminalPainter) -> String {
    guard picture != drawn || mustRedraw else { return "" }
    var body = ""
    for row in Set(drawn.keys).union(picture.keys).sorted() where row <= rows {
      let old = drawn[row]
      let new = picture[row]
      if let old {
        let kept = new?.cells ?? 0..<0
        for gap in Self.subtract(kept, from: old.cells.clamped(to: 1..<(columns + 1))) {
          body += painter.blank(row: row, column: gap.lowerBound, count: gap.count)
        }
      }
      if let new { body += painter.draw(new.line, row: row, column: new.column) }
    }
    drawn = picture
    mustRedraw = false
    guard !body.isEmpty else { return "" }
    return Self.saveCursor + TerminalPainter.reset + body + Self.restoreCursor
  }

  /// The parts of `cells` outside `kept`: none, one or two ranges.
  static func subtract(_ kept: Range<Int>, from cells: Range<Int>) -> [Range<Int>] {
    guard kept.overlaps(cells) else { return cells.isEmpty ? [] : [cells] }
    let before = cells.lowerBound..<max(cells.lowerBound, kept.lowerBound)
    let after = min(cells.upperBound, kept.upperBound)..<cells.upperBound
    return [before, after].filter { !$0.isEmpty }
  }
}
