/// The params of `selector.invoked`: a selector ran (sent to `selector`
/// subscribers and to the owner of a `notify` item). The members of its
/// ``SelectorEntry`` and what invoked it.
public struct SelectorInvokedNotice: Codable, Sendable, Hashable {
  /// The notification's method name.
  public static let method = "selector.invoked"

  /// The selector.
  public var selector: String
  /// The title it was made from.
  public var title: String
  /// `menu`, `alert`, `hotkey`, `plugin`, ...
  public var kind: String
  /// Who registered it.
  public var owner: String
  /// A name that stays across reloads; absent when none.
  public var stable: String?
  /// What invoked it: `menu`, `hotkey`, `socket`, a client, ...
  public var source: String

  /// In the order of the keys on the wire (sorted): the synthesized
  /// `encode(to:)` writes them in this order (``OrderedJSONEncoder``).
  enum CodingKeys: String, CodingKey { case kind, owner, selector, source, stable, title }

  /// Creates a notice for `entry`, invoked by `source`.
  public init(_ entry: SelectorEntry, source: String) {
    selector = entry.selector
    title = entry.title
    kind = entry.kind
    owner = entry.owner
    stable = entry.stable
    self.source = source
  }
}

/// The params of `selector.wrapped`, sent to the external plugin that
/// wraps a selector each time it runs: the invocation, the wrapper's mode
/// and number.
public struct SelectorWrappedNotice: Codable, Sendable, Hashable {
  /// The notification's method name.
  public static let method = "selector.wrapped"

  /// The selector.
  public var selector: String
  /// The title it was made from.
  public var title: String
  /// `menu`, `alert`, `hotkey`, `plugin`, ...
  public var kind: String
  /// Who registered it.
  public var owner: String
  /// A name that stays across reloads; absent when none.
  public var stable: String?
  /// What invoked it.
  public var source: String
  /// `before`, `after` or `replace`.
  public var mode: String
  /// The number `selector.wrap` answered.
  public var wrapper: Int

  /// In the order of the keys on the wire (sorted): the synthesized
  /// `encode(to:)` writes them in this order (``OrderedJSONEncoder``).
  enum CodingKeys: String, CodingKey { case kind, mode, owner, selector, source, stable, title, wrapper }

  /// Creates a notice for `invocation` and the wrapper `wrapper` in `mode`.
  public init(_ invocation: SelectorInvokedNotice, mode: String, wrapper: Int) {
    selector = invocation.selector
    title = invocation.title
    kind = invocation.kind
    owner = invocation.owner
    stable = invocation.stable
    source = invocation.source
    self.mode = mode
    self.wrapper = wrapper
  }
}

/// The params of `selector.failed`: a selector's action failed.
public struct SelectorFailedNotice: Codable, Sendable, Hashable {
  /// The notification's method name.
  public static let method = "selector.failed"

  /// The selector.
  public var selector: String
  /// A stable word for why (`command-failed`, ...).
  public var code: String
  /// Why, for a person.
  public var message: String

  /// In the order of the keys on the wire (sorted): the synthesized
  /// `encode(to:)` writes them in this order (``OrderedJSONEncoder``).
  enum CodingKeys: String, CodingKey { case code, message, selector }

  /// Creates a notice.
  public init(selector: String, code: String, message: String) {
    self.selector = selector
    self.code = code
    self.message = message
  }
}
