/// The service that opens menus in front of a person (the Menus plugin).
public protocol MenuPresenting: Sendable {
  /// Opens a menu over whatever is in front; `onClose` runs exactly once.
  /// Returns the menu's id.
  @discardableResult
  func open(_ menu: Menu, owner: String, onClose: @escaping @Sendable (MenuResult) -> Void) -> String
  /// Closes one menu (its result is `cancelled`). Returns false when no menu
  /// with that id is open.
  @discardableResult
  func close(_ id: String) -> Bool
  /// Closes every menu.
  func closeAll()
  /// Edits an open menu's front level while it is shown.
  func edit(_ id: String, _ edit: MenuEdit) throws(MenuEditError)
}

/// How a menu ended.
public enum MenuResult: Hashable, Sendable {
  /// An item was chosen: its selector, title and the titles leading to it.
  case chose(selector: String, title: String, path: [String])
  /// Esc, Back at the top, its owner, or the panic chord closed it.
  case cancelled
}

/// A live change to an open menu.
public enum MenuEdit: Hashable, Sendable {
  case insert(MenuItem, section: Int, at: Int)
  case remove(section: Int, at: Int)
  case move(section: Int, from: Int, to: Int)
  case update(MenuItem, section: Int, at: Int)
}

/// The payload of `menu.selected`.
public struct MenuSelected: Hashable, Sendable {
  public var id: String
  public var owner: String
  public var selector: String
  public var title: String
  public var path: [String]

  /// Creates the payload.
  public init(id: String, owner: String, selector: String, title: String, path: [String]) {
    self.id = id
    self.owner = owner
    self.selector = selector
    self.title = title
    self.path = path
  }
}

/// The payload of `menu.changed`: which menu, what changed, and how it looks now.
public struct MenuChanged: Hashable, Sendable {
  public var change: MenuChange
  public var snapshot: MenuSnapshot

  /// Creates the payload.
  public init(change: MenuChange, snapshot: MenuSnapshot) {
    self.change = change
    self.snapshot = snapshot
  }
}

extension Notification.Name {
  /// A menu opened; payload ``MenuSnapshot``.
  public static let menuOpened: Self = "menu.opened"
  /// The highlight, level or filter of an open menu changed; payload ``MenuSnapshot``.
  public static let menuUpdated: Self = "menu.updated"
  /// An open menu's items were edited; payload ``MenuChanged``.
  public static let menuChanged: Self = "menu.changed"
  /// An item was chosen; payload ``MenuSelected``.
  public static let menuSelected: Self = "menu.selected"
  /// A menu closed; payload its id (`String`).
  public static let menuClosed: Self = "menu.closed"
}
