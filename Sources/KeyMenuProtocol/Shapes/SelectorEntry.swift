/// One selector as the protocol shows it: an element of `selector.list`.
/// `selector.invoked` and `selector.wrapped` carry the same members and more
/// (``SelectorInvokedNotice``, ``SelectorWrappedNotice``).
public struct SelectorEntry: Codable, Sendable, Hashable {
  /// The selector (`menu.reboot-now.7c1e09a4`).
  public var selector: String
  /// The title it was made from.
  public var title: String
  /// `menu`, `alert`, `hotkey`, `plugin`, ...
  public var kind: String
  /// Who registered it (`config`, `client:3`, `plugin:name`).
  public var owner: String
  /// A name that stays across reloads (a configured item's); absent when none.
  public var stable: String?
  /// The plugins that wrap it (`wrapped_by`); absent when none does.
  public var wrappedBy: [String]?

  /// In the order of the keys on the wire (sorted): the synthesized
  /// `encode(to:)` writes them in this order (``OrderedJSONEncoder``).
  enum CodingKeys: String, CodingKey {
    case kind, owner, selector, stable, title
    case wrappedBy = "wrapped_by"
  }

  /// Creates an entry.
  public init(
    selector: String, title: String, kind: String, owner: String, stable: String? = nil,
    wrappedBy: [String]? = nil
  ) {
    self.selector = selector
    self.title = title
    self.kind = kind
    self.owner = owner
    self.stable = stable
    self.wrappedBy = wrappedBy
  }
}
