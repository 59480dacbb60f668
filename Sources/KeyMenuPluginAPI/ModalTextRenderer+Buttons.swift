extension ModalTextRenderer {
  /// A row of buttons as every kind with buttons shows them: the focused one
  /// in brackets and highlighted, one space between.
  struct ButtonRow {
    /// The buttons' spans, in order, without the spaces between.
    let spans: [TextSpan]
    /// Columns the row takes, spaces between included.
    let width: Int

    /// The row of `titles` with `focus` (nil: none) in brackets, `padding`
    /// spaces inside the brackets (buttons 1, keys of a keyboard 0).
    init(_ titles: [String], focus: Int?, padding: Int = 1) {
      let space = String(repeating: " ", count: padding)
      spans = titles.enumerated().map { index, title in
        index == focus
          ? TextSpan("[" + space + title + space + "]", .highlighted)
          : TextSpan(" " + space + title + space + " ")
      }
      width = spans.reduce(0) { $0 + TextWidth.columns($1.text) } + max(0, spans.count - 1)
    }

    /// The row centred in `inner` columns.
    func centred(in inner: Int) -> [TextSpan] {
      var row: [TextSpan] = []
      let indent = max(0, (inner - width) / 2)
      if indent > 0 { row.append(TextSpan(String(repeating: " ", count: indent))) }
      for (index, button) in spans.enumerated() {
        if index > 0 { row.append(TextSpan(" ")) }
        row.append(button)
      }
      return row
    }
  }

  /// The widest line of `text`, in columns.
  static func widestLine(_ text: String) -> Int {
    text.split(separator: "\n").map { TextWidth.columns(String($0)) }.max() ?? 0
  }
}
