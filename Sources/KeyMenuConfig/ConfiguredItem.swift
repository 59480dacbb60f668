public import KeyMenuPluginAPI

/// One entry of a configured menu: an action, a submenu or a separator.
public struct ConfiguredItem: Hashable, Sendable {
  /// What choosing the item does.
  public indirect enum Content: Hashable, Sendable {
    /// `items = [...]`: a submenu titled like the item.
    case submenu([ConfiguredItem])
    /// One of `menu`, `alert`, `invoke`, `run`.
    case action(ConfiguredAction)
    /// `{ separator = true }`: the end of a section (a line across the menu).
    case separator
  }

  /// The title; also what type-to-filter matches.
  public var title: String
  /// A key (with modifiers) that chooses the item directly.
  public var key: KeyChord?
  /// Whether the menu stays open after the action runs.
  public var keepOpen: Bool
  /// What it does.
  public var content: Content
  /// Where the item was written.
  public var location: ConfigLocation
  /// `id = "show-ip"`: the item's part of its stable name (`MENU.ID`), which
  /// stays the same across reloads; without it the title's slug serves when
  /// no other item of the menu has the same one.
  public var id: String?
  /// `value = "eth0"`: what `menu.show` answers besides the title when the
  /// item is chosen (whiptail's tag); not shown.
  public var value: String?
  /// `long = { menu = "context" }`: what holding OK (Enter, Select) on the
  /// item past `[gestures] long_ms` does, the menu staying open (a context
  /// menu, as Kodi's).
  public var long: ConfiguredAction?

  /// Creates an item.
  public init(
    title: String, key: KeyChord? = nil, keepOpen: Bool = false, content: Content, location: ConfigLocation,
    id: String? = nil, value: String? = nil, long: ConfiguredAction? = nil
  ) {
    self.long = long
    self.id = id
    self.value = value
    self.title = title
    self.key = key
    self.keepOpen = keepOpen
    self.content = content
    self.location = location
  }
}
