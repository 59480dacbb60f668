extension DialogParts {
  /// The level of a menu being shown: titles from the root menu to it, its
  /// items (filtered), the highlight and the filter text. A long level is a
  /// window of at most ``windowSize`` items around the highlight, with
  /// ``offset`` items before it and ``total`` in all.
  ///
  /// On the wire these are members of the menu entry (`path`, `items`,
  /// `highlight`, `filter`, and `offset`/`total` for a window), see
  /// `ModalPicture+Wire.swift`.
  public struct Menu: Hashable, Sendable {
    /// Titles from the root menu to the level shown.
    public var path: [String]
    /// The items shown (filtered), in order: all of them, or for a long
    /// list a window of at most ``windowSize`` around the highlight.
    public var items: [Item]
    /// Index into ``items`` of the highlighted item.
    public var highlight: Int?
    /// The type-to-filter text; empty when not filtering.
    public var filter: String
    /// How many shown items come before `items[0]` (outside the window).
    public var offset: Int
    /// How many items are shown in all (filtered), window or not.
    public var total: Int

    /// The most items a picture carries: a dmenu-sized list (tens of
    /// thousands) travels to presenters and subscribers as this window around
    /// the highlight, so no picture outgrows a client's queue, and presenters
    /// count what is outside it from ``offset`` and ``total``.
    public static let windowSize = 512

    /// Creates a menu level; without a window, `offset` is 0 and `total` the items' count.
    public init(
      path: [String], items: [Item], highlight: Int?, filter: String, offset: Int = 0, total: Int? = nil
    ) {
      self.path = path
      self.items = items
      self.highlight = highlight
      self.filter = filter
      self.offset = offset
      self.total = total ?? offset + items.count
    }

    /// The title of the level shown.
    public var title: String { path.last ?? "" }

    /// Whether the items are a window of a longer list.
    public var isWindow: Bool { offset > 0 || total > items.count }

    /// One shown item:
    /// `{"title":"Wi-Fi","section":0,"position":"single","enabled":true,"submenu":false}`.
    public struct Item: Hashable, Sendable, Codable {
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
  }
}
