/// How a run of text is shown. Presenters that cannot style text (a log, a
/// braille line) ignore it: every picture also marks focus and highlight with
/// characters.
public enum TextStyle: Hashable, Sendable {
  /// Ordinary text.
  case normal
  /// The highlighted item or focused button (reverse video on a terminal).
  case highlighted
  /// Disabled items and hints (dim on a terminal).
  case dimmed
  /// A title (bold on a terminal).
  case title
}

/// A run of text in one style.
public struct TextSpan: Hashable, Sendable {
  public var text: String
  public var style: TextStyle

  /// Creates a span.
  public init(_ text: String, _ style: TextStyle = .normal) {
    self.text = text
    self.style = style
  }
}

/// One line of a text picture, made of styled spans.
public struct TextLine: Hashable, Sendable {
  public var spans: [TextSpan]

  /// Creates a line from spans.
  public init(_ spans: [TextSpan]) { self.spans = spans }

  /// Creates a line of one span.
  public init(_ text: String, _ style: TextStyle = .normal) { self.spans = [TextSpan(text, style)] }

  /// The characters without styles.
  public var text: String { spans.map(\.text).joined() }

  /// Columns the line takes (see ``TextWidth``).
  public var width: Int { spans.reduce(0) { $0 + TextWidth.columns($1.text) } }
}
