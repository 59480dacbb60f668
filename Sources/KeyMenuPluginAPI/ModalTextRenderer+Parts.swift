import KeyMenuProtocol

extension ModalTextRenderer {
  /// The rows of a page: its lines from the first, wrapped to `width`, at
  /// most `limit` rows; and how many of the page's lines they show whole.
  static func pageRows(_ page: ModalPicture.Page, width: Int, limit: Int) -> (rows: [String], lines: Int) {
    var rows: [String] = []
    var lines = 0
    for line in page.lines {
      let wrapped = line.isEmpty ? [""] : TextWidth.wrap(line, width: width)
      guard rows.count + wrapped.count <= limit || rows.isEmpty else { break }
      rows.append(contentsOf: wrapped.prefix(limit - rows.count))
      lines += 1
      if rows.count >= limit { break }
    }
    return (rows, lines)
  }

  /// At most `limit` (at least 1) of the wrapped `rows`, from the first:
  /// when they are more, the last row shown says how many are not,
  /// `↓ 7975 more lines`, dimmed.
  static func clipped(_ rows: [String], to limit: Int, linesAbove: Int = 0) -> [[TextSpan]] {
    var limit = max(1, limit)
    var top: [[TextSpan]] = []
    if linesAbove > 0, limit > 1 {
      top = [[TextSpan(linesAbove == 1 ? "↑ 1 line above" : "↑ \(linesAbove) lines above", .dimmed)]]
      limit -= 1
    }
    guard rows.count > limit else { return top + rows.map { [TextSpan($0)] } }
    let shown = rows.prefix(limit - 1).map { [TextSpan($0)] }
    return top + shown + [[TextSpan("↓ \(rows.count - shown.count) more lines", .dimmed)]]
  }

  /// The columns a choice row asks for: marker, mark, tag column, text.
  static func choiceWidth(_ choices: ModalPicture.Choices) -> Int {
    let tags = choices.items.map { $0.tag.map(TextWidth.columns) ?? 0 }.max() ?? 0
    let texts = choices.items.map { TextWidth.columns($0.text) }.max() ?? 0
    return 2 + (choices.marks == .none ? 0 : 4) + (tags > 0 ? tags + 2 : 0) + texts
  }

  /// The rows of the choices: at most `limit`, a window around the
  /// highlight with "↑ 3 more" and "↓ 5 more" rows at cut ends; each row
  /// `▶ [x] tag  text` (`(*)` for the radio choice, no mark for plain
  /// choices), the highlighted one highlighted.
  static func choiceRows(_ choices: ModalPicture.Choices, inner: Int, limit: Int) -> [[TextSpan]] {
    let count = choices.items.count
    let tags = choices.items.map { $0.tag.map(TextWidth.columns) ?? 0 }.max() ?? 0
    let limit = max(3, limit)
    var start = 0
    var end = count
    if count > limit {
      let focus = choices.highlight ?? 0
      start = max(0, min(focus - limit / 2, count - limit))
      end = start + limit
      if start > 0 { start += 1 }
      if end < count { end -= 1 }
    }
    var rows: [[TextSpan]] = []
    let above = start + choices.offset
    let below = count - end + choices.total - choices.offset - count
    if above > 0 { rows.append([TextSpan("↑ \(above) more", .dimmed)]) }
    for index in start..<end {
      let item = choices.items[index]
      let highlighted = index == choices.highlight
      var text = highlighted ? "▶ " : "  "
      switch choices.marks {
      case .check: text += item.marked ? "[x] " : "[ ] "
      case .radio: text += item.marked ? "(*) " : "( ) "
      case .none: break
      }
      if tags > 0 { text += TextWidth.pad(item.tag ?? "", to: tags) + "  " }
      text += item.text
      rows.append([
        TextSpan(
          TextWidth.pad(TextWidth.truncate(text, to: inner), to: inner), highlighted ? .highlighted : .normal)
      ])
    }
    if below > 0 { rows.append([TextSpan("↓ \(below) more", .dimmed)]) }
    return rows
  }

  /// An on-screen keyboard's rows of keys, the focused key in brackets.
  struct KeyboardRows {
    /// One row of keys as a ``ButtonRow`` (its focus is the focused key).
    let rows: [ButtonRow]
    /// Columns the widest row takes.
    let width: Int

    /// The rows of `keyboard`.
    init(_ keyboard: ModalPicture.Keyboard) {
      rows = keyboard.rows.enumerated().map { index, keys in
        ButtonRow(keys, focus: index == keyboard.row ? keyboard.column : nil, padding: 0)
      }
      width = rows.map(\.width).max() ?? 0
    }
  }
}
