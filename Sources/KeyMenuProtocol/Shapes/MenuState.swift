/// The front level of an open menu as the protocol shows it (`state.get`,
/// `state.changed`, the params of `menu.opened` and `menu.updated`):
/// `{"kind":"menu","id":…,"title":…,"path":[…],"items":[…],
/// "highlight":0|null,"filter":""}`, plus `offset` and `total` for a long
/// list sent as a window around the highlight.
public struct MenuState: Codable, Sendable, Hashable {
  /// Identifies the menu while it is open (`menu.close`'s `id`).
  public var id: String
  /// The title of the level shown.
  public var title: String
  /// Titles from the root menu to the level shown.
  public var path: [String]
  /// The items shown (filtered), or a window of them.
  public var items: [Item]
  /// Index into ``items`` of the highlighted item (`null` when none).
  public var highlight: Int?
  /// The type-to-filter text; empty when not filtering.
  public var filter: String
  /// Shown items before `items[0]`; present only for a windowed list.
  public var offset: Int?
  /// Shown items in all; present only for a windowed list.
  public var total: Int?

  /// The `kind` member's value.
  public static let kind = "menu"

  /// One shown item.
  public struct Item: Codable, Sendable, Hashable {
    /// The item's title.
    public var title: String
    /// The section it belongs to, for separators.
    public var section: Int
    /// `single`, `top`, `middle` or `bottom` in its section.
    public var position: String
    /// Whether it can be chosen.
    public var enabled: Bool
    /// Whether choosing it opens a submenu (`submenu`).
    public var opensSubmenu: Bool

    /// In the order of the keys on the wire (sorted): the synthesized
    /// `encode(to:)` writes them in this order (``OrderedJSONEncoder``).
    enum CodingKeys: String, CodingKey {
      case enabled, position, section
      case opensSubmenu = "submenu"
      case title
    }

    /// Creates an item.
    public init(title: String, section: Int, position: String, enabled: Bool, opensSubmenu: Bool) {
      self.title = title
      self.section = section
      self.position = position
      self.enabled = enabled
      self.opensSubmenu = opensSubmenu
    }
  }

  enum CodingKeys: String, CodingKey {
    case kind, id, title, path, items, highlight, filter, offset, total
  }

  /// Creates a menu state; `offset` and `total` only for a windowed list.
  public init(
    id: String, title: String, path: [String], items: [Item], highlight: Int?, filter: String,
    offset: Int? = nil, total: Int? = nil
  ) {
    self.id = id
    self.title = title
    self.path = path
    self.items = items
    self.highlight = highlight
    self.filter = filter
    self.offset = offset
    self.total = total
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(String.self, forKey: .id),
      title: try container.decode(String.self, forKey: .title),
      path: try container.decode([String].self, forKey: .path),
      items: try container.decode([Item].self, forKey: .items),
      highlight: try container.decodeIfPresent(Int.self, forKey: .highlight),
      filter: try container.decode(String.self, forKey: .filter),
      offset: try container.decodeIfPresent(Int.self, forKey: .offset),
      total: try container.decodeIfPresent(Int.self, forKey: .total))
  }

  public func encode(to encoder: any Encoder) throws {
    // In the order of the keys on the wire (sorted): OrderedJSONEncoder writes them as they come.
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(filter, forKey: .filter)
    try container.encodeOrNull(highlight, forKey: .highlight)
    try container.encode(id, forKey: .id)
    try container.encode(items, forKey: .items)
    try container.encode(Self.kind, forKey: .kind)
    try container.encodeIfPresent(offset, forKey: .offset)
    try container.encode(path, forKey: .path)
    try container.encode(title, forKey: .title)
    try container.encodeIfPresent(total, forKey: .total)
  }
}
