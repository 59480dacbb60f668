/// What is in front, bottom to top, with everything a presenter needs.
///
/// Immutable and Codable: presenters and socket subscribers read only this,
/// never the engine's state. The last entry is in front; entries below it
/// are hidden until it goes.
public struct ModalSnapshot: Hashable, Sendable, Codable {
  /// The modal stack, bottom first: all of it in the daemon; for a client,
  /// the entries the daemon sent (the front ones, see ``omitted``).
  public var stack: [ModalEntry]
  /// How many entries lie behind ``stack`` and were not sent: a client of
  /// the socket gets a window of the front of a deep stack (`total` in
  /// `state.changed`); 0 in the daemon.
  public var omitted: Int

  /// Creates a snapshot.
  public init(stack: [ModalEntry] = [], omitted: Int = 0) {
    self.stack = stack
    self.omitted = omitted
  }

  /// The entry in front, if any.
  public var front: ModalEntry? { stack.last }

  /// How many entries the whole stack has, those not sent included.
  public var depth: Int { stack.count + omitted }

  enum CodingKeys: String, CodingKey { case stack, omitted }

  /// Decodes a snapshot; one without `omitted` is the whole stack.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      stack: try container.decode([ModalEntry].self, forKey: .stack),
      omitted: try container.decodeIfPresent(Int.self, forKey: .omitted) ?? 0)
  }
}

/// One alert, menu or dialog on the modal stack.
public enum ModalEntry: Hashable, Sendable, Codable {
  case alert(AlertSnapshot)
  case menu(MenuSnapshot)
  /// A dialog-family kind (a prompt, ...), described by its generic parts.
  case dialog(DialogSnapshot)

  /// The entry's id (`alert-1`, `menu-2`, `prompt-3`).
  public var id: String {
    switch self {
    case .alert(let alert): alert.id
    case .menu(let menu): menu.id
    case .dialog(let dialog): dialog.id
    }
  }
}

/// An alert as a presenter shows it.
public struct AlertSnapshot: Hashable, Sendable, Codable {
  /// Identifies the alert while it lives (for updates and answers).
  public var id: String
  public var title: String
  public var message: String?
  public var buttons: [String]
  /// The focused button.
  public var focus: Int
  public var cancel: Int?
  public var defaultButton: Int
  /// The first line of the message shown: a message of more lines than
  /// fit is scrolled (Up/Down), and presenters show it from here.
  public var firstLine: Int

  /// Creates an alert snapshot.
  public init(
    id: String, title: String, message: String?, buttons: [String], focus: Int, cancel: Int?,
    defaultButton: Int, firstLine: Int = 0
  ) {
    self.id = id
    self.title = title
    self.message = message
    self.buttons = buttons
    self.focus = focus
    self.cancel = cancel
    self.defaultButton = defaultButton
    self.firstLine = firstLine
  }
}

/// A menu as a presenter shows it: the front level of an open menu.
public struct MenuSnapshot: Hashable, Sendable, Codable {
  public var id: String
  /// Titles from the root menu to the level shown.
  public var path: [String]
  /// The items shown (filtered), in order: all of them, or for a long list
  /// a window of at most ``windowSize`` around the highlight.
  public var items: [Item]
  /// Index into ``items`` of the highlighted item.
  public var highlight: Int?
  /// The type-to-filter text; empty when not filtering.
  public var filter: String
  /// How many shown items come before `items[0]` (outside the window).
  public var offset: Int
  /// How many items are shown in all (filtered), window or not.
  public var total: Int

  /// The most items a snapshot carries: a dmenu-sized list (tens of
  /// thousands) travels to presenters and subscribers as this window around
  /// the highlight, so no snapshot outgrows a client's queue, and presenters
  /// count what is outside it from ``offset`` and ``total``.
  public static let windowSize = 512

  /// One shown item.
  public struct Item: Hashable, Sendable, Codable {
    public var title: String
    /// The section it belongs to, for separators.
    public var section: Int
    /// `single`, `top`, `middle` or `bottom` in its section.
    public var position: String
    public var enabled: Bool
    /// Whether choosing it opens a submenu.
    public var opensSubmenu: Bool

    /// Creates an item snapshot.
    public init(title: String, section: Int, position: String, enabled: Bool, opensSubmenu: Bool) {
      self.title = title
      self.section = section
      self.position = position
      self.enabled = enabled
      self.opensSubmenu = opensSubmenu
    }
  }

  /// Creates a menu snapshot; without a window, `offset` is 0 and `total` the items' count.
  public init(
    id: String, path: [String], items: [Item], highlight: Int?, filter: String, offset: Int = 0,
    total: Int? = nil
  ) {
    self.id = id
    self.path = path
    self.items = items
    self.highlight = highlight
    self.filter = filter
    self.offset = offset
    self.total = total ?? offset + items.count
  }

  enum CodingKeys: String, CodingKey {
    case id, path, items, highlight, filter, offset, total
  }

  /// Decodes a snapshot; one without `offset` and `total` carries every item.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let items = try container.decode([Item].self, forKey: .items)
    let offset = try container.decodeIfPresent(Int.self, forKey: .offset) ?? 0
    self.init(
      id: try container.decode(String.self, forKey: .id),
      path: try container.decode([String].self, forKey: .path),
      items: items, highlight: try container.decodeIfPresent(Int.self, forKey: .highlight),
      filter: try container.decode(String.self, forKey: .filter), offset: offset,
      total: try container.decodeIfPresent(Int.self, forKey: .total))
  }

  /// The title of the level shown.
  public var title: String { path.last ?? "" }
}

extension Notification.Name {
  /// What is in front changed; payload ``ModalSnapshot`` (the whole stack).
  /// Presenters observe this (tier passive) and draw or speak the front.
  public static let modalChanged: Self = "modal.changed"
}
