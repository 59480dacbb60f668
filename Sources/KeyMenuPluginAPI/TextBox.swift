/// A box drawn with Unicode box-drawing characters around rows of a fixed
/// inner width: a title in the top border, a hint in the bottom one, and
/// separators between sections.
///
///     ┌─ Title ──────┐
///     │ row          │
///     ├──────────────┤
///     │ row          │
///     └─ hint ───────┘
///
/// The system's own question (``ModalPicture/system``) is framed with
/// double lines (`╔═ Title ═╗`), which no client's text can draw around
/// its own box.
struct TextBox {
  /// The characters of a frame.
  struct Frame {
    let topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical, separatorLeft,
      separatorRight: String

    /// `┌─┐ │ ├┤ └┘`.
    static let single = Frame(
      topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│",
      separatorLeft: "├", separatorRight: "┤")
    /// `╔═╗ ║ ╟╢ ╚╝`, the separators single lines.
    static let double = Frame(
      topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝", horizontal: "═", vertical: "║",
      separatorLeft: "╟", separatorRight: "╢")
  }

  /// Columns between "│ " and " │".
  let innerWidth: Int
  let frame: Frame
  private(set) var lines: [TextLine] = []

  init(innerWidth: Int, frame: Frame = .single) {
    self.innerWidth = innerWidth
    self.frame = frame
  }

  /// The top border with `title` in it. A title too wide for the border is
  /// wrapped instead, in rows of its own under a plain border and above a
  /// separator, so that the question is read whole on a narrow screen.
  mutating func top(_ title: String) {
    guard TextWidth.columns(title) > innerWidth - 2, innerWidth > 0 else {
      return lines.append(border(left: frame.topLeft, right: frame.topRight, label: title, style: .title))
    }
    lines.append(border(left: frame.topLeft, right: frame.topRight, label: "", style: .title))
    for line in TextWidth.wrap(title, width: innerWidth) { row(line, .title) }
    separator()
  }

  /// A row of content, padded (or cut) to the inner width.
  mutating func row(_ spans: [TextSpan]) {
    var fitted: [TextSpan] = []
    var remaining = innerWidth
    for span in spans where remaining > 0 {
      let text = TextWidth.truncate(span.text, to: remaining)
      remaining -= TextWidth.columns(text)
      fitted.append(TextSpan(text, span.style))
    }
    if remaining > 0 {
      if let last = fitted.last, last.style == .highlighted {
        fitted[fitted.count - 1].text += String(repeating: " ", count: remaining)
      } else {
        fitted.append(TextSpan(String(repeating: " ", count: remaining)))
      }
    }
    lines.append(TextLine([TextSpan(frame.vertical + " ")] + fitted + [TextSpan(" " + frame.vertical)]))
  }

  /// A row of one plain text.
  mutating func row(_ text: String, _ style: TextStyle = .normal) { row([TextSpan(text, style)]) }

  /// A line across the box between two sections.
  mutating func separator() {
    lines.append(
      TextLine(frame.separatorLeft + String(repeating: "─", count: innerWidth + 2) + frame.separatorRight))
  }

  /// The bottom border with `hint` in it.
  mutating func bottom(_ hint: String) {
    lines.append(border(left: frame.bottomLeft, right: frame.bottomRight, label: hint, style: .dimmed))
  }

  /// "┌─ label ───┐": the label is cut to fit, the dashes fill the rest.
  private func border(left: String, right: String, label: String, style: TextStyle) -> TextLine {
    let total = innerWidth + 2
    guard !label.isEmpty, total >= 5 else {
      return TextLine(left + String(repeating: frame.horizontal, count: total) + right)
    }
    let text = TextWidth.truncate(label, to: total - 4)
    let dashes = total - 3 - TextWidth.columns(text)
    return TextLine([
      TextSpan(left + frame.horizontal + " "), TextSpan(text, style),
      TextSpan(" " + String(repeating: frame.horizontal, count: dashes) + right),
    ])
  }
}
