public import KeyMenuCore

/// What one key press (or repeat) means under a keyboard layout: the
/// keysym's name and the text it types.
public struct TypedKey: Hashable, Sendable {
  /// The key pressed.
  public var key: KeyCode
  /// The xkb keysym name of the key at this moment, modifiers applied:
  /// `a`, `A`, `odiaeresis`, `at`, `dead_circumflex`, `Return`, `Multi_key`;
  /// `NoSymbol` when the key has none. It is the key's own keysym, also
  /// when a compose sequence ends with it.
  public var keysymName: String
  /// The printable text the press types: `"ö"`, `"A"`, `"ô"` at the end of
  /// a dead-key or compose sequence, `""` for a modifier, a dead key, a key
  /// inside a sequence, and for control characters (Enter, Backspace, Tab,
  /// Escape, Ctrl+letter): read those from ``keysymName``.
  public var text: String
  /// Where the press left a dead-key or compose sequence.
  public var compose: ComposeStatus

  /// Creates a value.
  public init(key: KeyCode, keysymName: String, text: String, compose: ComposeStatus = .nothing) {
    self.key = key
    self.keysymName = keysymName
    self.text = text
    self.compose = compose
  }
}

/// Where a key press left a dead-key or compose sequence (xkbcommon's
/// `xkb_compose_status`).
public enum ComposeStatus: String, Hashable, Sendable {
  /// No sequence is going on: the key typed its own text.
  case nothing
  /// The key started or continued a sequence; it types nothing yet.
  case composing
  /// The key finished a sequence; ``TypedKey/text`` is the result.
  case composed
  /// The key does not continue the sequence; the sequence and the key are dropped.
  case cancelled
}
