/// The answer of `menu.open` and `menu.show`, sent when the menu closes:
/// `{"selector":…,"title":…,"path":[…]}` for a chosen item (with `"value"`
/// when the item has one), `{"typed":…}` for the text typed under the
/// `dmenu` keys, `{"key":"red","path":[…],"title":…,"value":…}` for one of
/// its `answer_keys` (with the item highlighted then, when there was one),
/// or `{"cancelled":true,"reason":…}`.
public enum MenuOpenResult: Codable, Sendable, Hashable {
  /// An item was chosen: its selector, title, the titles from the root menu
  /// to it, and its value if it has one.
  case chose(selector: String, title: String, path: [String], value: String? = nil)
  /// The text typed was the answer (under the `dmenu` keys: Shift+Return,
  /// or Return when no item matches it).
  case typed(String)
  /// One of the menu's `answer_keys` was pressed: its name, and the item
  /// highlighted then (no selector ran).
  case key(String, title: String?, path: [String], value: String?)
  /// It closed without a choice: `reason` is ``escape``, ``closed``,
  /// ``dismissed`` or ``timeout`` (absent from an older daemon's answer).
  case cancelled(reason: String?)

  /// Esc, or Back at the top level.
  public static let escape = "escape"
  /// Its owner closed it (`menu.close`), or what it showed went away.
  public static let closed = "closed"
  /// The panic chord, the daemon stopping, its connection closing.
  public static let dismissed = "dismissed"
  /// Its `timeout_ms` passed with no key pressed.
  public static let timeout = "timeout"

  private enum CodingKeys: String, CodingKey {
    case selector, title, path, value, typed, cancelled, reason, key
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if try container.decodeIfPresent(Bool.self, forKey: .cancelled) == true {
      self = .cancelled(reason: try container.decodeIfPresent(String.self, forKey: .reason))
    } else if let typed = try container.decodeIfPresent(String.self, forKey: .typed) {
      self = .typed(typed)
    } else if let key = try container.decodeIfPresent(String.self, forKey: .key) {
      self = .key(
        key, title: try container.decodeIfPresent(String.self, forKey: .title),
        path: try container.decodeIfPresent([String].self, forKey: .path) ?? [],
        value: try container.decodeIfPresent(String.self, forKey: .value))
    } else {
      self = .chose(
        selector: try container.decode(String.self, forKey: .selector),
        title: try container.decode(String.self, forKey: .title),
        path: try container.decode([String].self, forKey: .path),
        value: try container.decodeIfPresent(String.self, forKey: .value))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .chose(let selector, let title, let path, let value):
      // In the order of the keys on the wire (sorted): OrderedJSONEncoder writes them as they come.
      try container.encode(path, forKey: .path)
      try container.encode(selector, forKey: .selector)
      try container.encode(title, forKey: .title)
      try container.encodeIfPresent(value, forKey: .value)
    case .typed(let text):
      try container.encode(text, forKey: .typed)
    case .key(let name, let title, let path, let value):
      try container.encode(name, forKey: .key)
      try container.encode(path, forKey: .path)
      try container.encodeIfPresent(title, forKey: .title)
      try container.encodeIfPresent(value, forKey: .value)
    case .cancelled(let reason):
      try container.encode(true, forKey: .cancelled)
      try container.encodeIfPresent(reason, forKey: .reason)
    }
  }
}
