/// One item of `menu.open`, `menu.append` and `menu.define`: a choice, a
/// submenu, or a separator.
public struct MenuItemParams: Codable, Sendable, Equatable {
  /// Required unless ``separator``.
  public var title: String?
  /// `{"separator": true}` ends a section: presenters draw a line there.
  public var separator: Bool?
  /// A key chord that chooses the item (`ctrl+r`).
  public var key: String?
  /// A submenu's items.
  public var items: [MenuItemParams]?
  /// The menu stays open when the item is chosen (`keep_open`).
  public var keepOpen: Bool?
  /// Choosing it sends its owner `selector.invoked`.
  public var notify: Bool?
  /// A disabled item is shown and cannot be chosen.
  public var enabled: Bool?
  /// What choosing it answers besides its title (whiptail's tag); never shown.
  public var value: String?

  /// In the order of the keys on the wire (sorted): the synthesized
  /// `encode(to:)` writes them in this order (``OrderedJSONEncoder``).
  enum CodingKeys: String, CodingKey {
    case enabled, items
    case keepOpen = "keep_open"
    case key, notify, separator, title, value
  }

  /// Creates an item.
  public init(
    title: String? = nil, separator: Bool? = nil, key: String? = nil, items: [MenuItemParams]? = nil,
    keepOpen: Bool? = nil, notify: Bool? = nil, enabled: Bool? = nil, value: String? = nil
  ) {
    self.title = title
    self.separator = separator
    self.key = key
    self.items = items
    self.keepOpen = keepOpen
    self.notify = notify
    self.enabled = enabled
    self.value = value
  }

  /// Checks this item (at `field`, such as `items.[2]`) and its submenu's
  /// items. A value is held to a title's limits: it is not shown, but it
  /// goes back to a client and into its logs.
  public func check(field: String) throws(RPCError) {
    if let title { try RequestLimits.title(title, field: field + ".title") }
    if let value { try RequestLimits.title(value, field: field + ".value") }
    if let key { try RequestLimits.shown(key, field: field + ".key") }
    if let items { try Self.check(items, field: field + ".items") }
  }

  /// Checks each item of a list at `field`.
  public static func check(_ items: [MenuItemParams], field: String) throws(RPCError) {
    for (index, item) in items.enumerated() { try item.check(field: "\(field).[\(index)]") }
  }

  /// What `items` and their submenus cost the daemon (``HoldingCost``):
  /// each item, and its texts.
  public static func heldBytes(_ items: [MenuItemParams]) -> Int {
    items.reduce(0) { sum, item in
      sum + HoldingCost.item + HoldingCost.text(item.title) + HoldingCost.text(item.key)
        + HoldingCost.text(item.value) + heldBytes(item.items ?? [])
    }
  }
}
