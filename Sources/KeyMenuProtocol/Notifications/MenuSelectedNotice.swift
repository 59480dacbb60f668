/// The params of `menu.selected`: an item was chosen.
public struct MenuSelectedNotice: Codable, Sendable, Hashable {
  /// The notification's method name.
  public static let method = "menu.selected"

  /// The menu's id.
  public var id: String
  /// Who opened it.
  public var owner: String
  /// The chosen item's selector.
  public var selector: String
  /// The chosen item's title.
  public var title: String
  /// Titles from the root menu to the chosen item.
  public var path: [String]

  /// In the order of the keys on the wire (sorted): the synthesized
  /// `encode(to:)` writes them in this order (``OrderedJSONEncoder``).
  enum CodingKeys: String, CodingKey { case id, owner, path, selector, title }

  /// Creates a notice.
  public init(id: String, owner: String, selector: String, title: String, path: [String]) {
    self.id = id
    self.owner = owner
    self.selector = selector
    self.title = title
    self.path = path
  }
}

/// The params of `menu.closed`: `{"id":…}`.
public struct MenuClosedNotice: Codable, Sendable, Hashable {
  /// The notification's method name.
  public static let method = "menu.closed"

  /// The menu's id.
  public var id: String

  /// Creates a notice.
  public init(id: String) { self.id = id }
}
