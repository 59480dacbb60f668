import KeyMenuCore
import KeyMenuPluginAPI

/// Rows of text as aligned columns for a terminal: every column but the
/// last padded to its widest cell (``TextWidth`` columns), two spaces
/// between, no trailing blanks, each cell through ``ShownText`` (daemon
/// text: plugin names, summaries, errors).
enum TextTable {
  /// The lines of `rows` (each the same number of cells).
  static func lines(_ rows: [[String]]) -> [String] {
    let rows = rows.map { $0.map { ShownText.visible($0) } }
    guard let count = rows.first?.count, count > 0 else { return [] }
    let widths = (0..<count - 1).map { column in rows.map { TextWidth.columns($0[column]) }.max() ?? 0 }
    return rows.map { row in
      let padded = (0..<count - 1).map { TextWidth.pad(row[$0], to: widths[$0]) } + [row[count - 1]]
      let line = padded.joined(separator: "  ")
      return String(line.reversed().drop { $0 == " " }.reversed())
    }
  }
}
