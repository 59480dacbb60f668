/// One `[menus.NAME]` table: a named menu that hotkeys, items and clients can open.
public struct ConfiguredMenu: Hashable, Sendable {
  /// The name after `menus.`; what `menu = "name"` refers to.
  public var name: String
  /// The title shown above the items.
  public var title: String
  /// Whether typing letters filters the items.
  public var filter: Bool
  /// The items, in the order written.
  public var items: [ConfiguredItem]
  /// Where the menu was written.
  public var location: ConfigLocation

  /// Creates a menu.
  public init(
    name: String, title: String, filter: Bool = false, items: [ConfiguredItem], location: ConfigLocation
  ) {
    self.name = name
    self.title = title
    self.filter = filter
    self.items = items
    self.location = location
  }
}
