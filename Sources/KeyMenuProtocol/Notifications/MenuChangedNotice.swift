/// The params of `menu.changed`: an open menu's items were edited; what
/// changed, and the menu as it is now.
public struct MenuChangedNotice: Codable, Sendable, Hashable {
  /// The notification's method name.
  public static let method = "menu.changed"

  /// What changed.
  public var change: MenuItemChange
  /// The menu as it is now.
  public var menu: ModalPicture

  /// Creates a notice.
  public init(change: MenuItemChange, menu: ModalPicture) {
    self.change = change
    self.menu = menu
  }
}

/// One edit of an open menu's items: `{"kind":"inserted","section":0,"index":1}`;
/// `moved` has `from` and `to` in place of `index`.
public enum MenuItemChange: Codable, Sendable, Hashable {
  case inserted(section: Int, index: Int)
  case removed(section: Int, index: Int)
  case moved(section: Int, from: Int, to: Int)
  case updated(section: Int, index: Int)

  private enum CodingKeys: String, CodingKey { case kind, section, index, from, to }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let section = try container.decode(Int.self, forKey: .section)
    let kind = try container.decode(String.self, forKey: .kind)
    switch kind {
    case "moved":
      self = .moved(
        section: section, from: try container.decode(Int.self, forKey: .from),
        to: try container.decode(Int.self, forKey: .to))
    case "inserted": self = .inserted(section: section, index: try container.decode(Int.self, forKey: .index))
    case "removed": self = .removed(section: section, index: try container.decode(Int.self, forKey: .index))
    case "updated": self = .updated(section: section, index: try container.decode(Int.self, forKey: .index))
    default:
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: container.codingPath + [CodingKeys.kind], debugDescription: "unknown change \(kind)"))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .inserted(let section, let index), .removed(let section, let index),
      .updated(let section, let index):
      try container.encode(index, forKey: .index)
      try container.encode(kindName, forKey: .kind)
      try container.encode(section, forKey: .section)
    case .moved(let section, let from, let to):
      try container.encode(from, forKey: .from)
      try container.encode(kindName, forKey: .kind)
      try container.encode(section, forKey: .section)
      try container.encode(to, forKey: .to)
    }
  }

  /// The `kind` member's value.
  public var kindName: String {
    switch self {
    case .inserted: "inserted"
    case .removed: "removed"
    case .moved: "moved"
    case .updated: "updated"
    }
  }
}
