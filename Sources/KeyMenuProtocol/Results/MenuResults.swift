/// `menu.close`'s result: `{"closed":"menu-2"}`, or `{"closed":null}` for a
/// menu sent in parts that never opened.
public struct MenuCloseResult: Codable, Sendable, Hashable {
  /// The closed menu's id; `null` for a menu that never opened.
  public var closed: String?

  enum CodingKeys: String, CodingKey { case closed }

  /// Creates a result.
  public init(closed: String?) { self.closed = closed }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeOrNull(closed, forKey: .closed)
  }
}

/// `menu.append`'s result: how many items the menu has so far, and
/// `"opened":true` once the last part opened it.
public struct MenuAppendResult: Codable, Sendable, Hashable {
  /// Items received so far.
  public var items: Int
  /// `true` when this part opened the menu; absent otherwise.
  public var opened: Bool?

  /// Creates a result.
  public init(items: Int, opened: Bool? = nil) {
    self.items = items
    self.opened = opened
  }
}

/// `menu.define`'s result: the name and the selectors of its items, in order.
public struct MenuDefineResult: Codable, Sendable, Hashable {
  /// The menu's name.
  public var name: String
  /// Its items' selectors.
  public var selectors: [String]

  /// Creates a result.
  public init(name: String, selectors: [String]) {
    self.name = name
    self.selectors = selectors
  }
}

/// `menu.remove`'s result: `{"removed":"name"}`.
public struct MenuRemoveResult: Codable, Sendable, Hashable {
  /// The removed menu's name.
  public var removed: String

  /// Creates a result.
  public init(removed: String) { self.removed = removed }
}

/// One named menu in `menu.list`'s result: the configuration's and the clients'.
public struct MenuEntry: Codable, Sendable, Hashable {
  /// The name `menu.show` opens it by.
  public var name: String
  /// Its title.
  public var title: String
  /// `config`, or the client that defined it (`client:3`, `plugin:name`).
  public var owner: String
  /// Whether it is open now.
  public var open: Bool

  /// In the order of the keys on the wire (sorted): the synthesized
  /// `encode(to:)` writes them in this order (``OrderedJSONEncoder``).
  enum CodingKeys: String, CodingKey { case name, open, owner, title }

  /// Creates an entry.
  public init(name: String, title: String, owner: String, open: Bool) {
    self.name = name
    self.title = title
    self.owner = owner
    self.open = open
  }
}
