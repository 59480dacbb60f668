import KeyMenuPluginAPI

extension ConsoleCanvas {
  /// `lines` centred on a `columns` × `rows` screen, all starting at the
  /// same column; lines that do not fit are cut at the right edge or left
  /// out at the bottom, so nothing wraps or scrolls.
  static func centre(_ lines: [TextLine], columns: Int, rows: Int) -> Picture {
    guard !lines.isEmpty, columns > 0, rows > 0 else { return [:] }
    let width = lines.map(\.width).max() ?? 0
    let left = max(1, (columns - width) / 2 + 1)
    let top = max(1, (rows - lines.count) / 2 + 1)
    var picture: Picture = [:]
    for (index, line) in lines.enumerated() where top + index <= rows {
      picture[top + index] = Placed(column: left, line: cut(line, to: columns - left + 1))
    }
    return picture
  }

  /// `line` cut to at most `limit` columns.
  static func cut(_ line: TextLine, to limit: Int) -> TextLine {
    guard line.width > limit else { return line }
    var spans: [TextSpan] = []
    var remaining = limit
    for span in line.spans where remaining > 0 {
      let text = TextWidth.truncate(span.text, to: remaining)
      remaining -= TextWidth.columns(text)
      spans.append(TextSpan(text, span.style))
      if text != span.text { break }
    }
    return TextLine(spans)
  }
}
