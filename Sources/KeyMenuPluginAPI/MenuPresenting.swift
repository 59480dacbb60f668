public import KeyMenuEngineActor
public import KeyMenuProtocol

/// The service that opens menus in front of a person (the Menus plugin).
@EngineActor
public protocol MenuPresenting: Sendable {
  /// Opens a menu over whatever is in front; `onClose` runs exactly once.
  /// Returns the menu's id.
  @discardableResult
  func open(_ menu: Menu, owner: String, onClose: @escaping @Sendable @EngineActor (MenuResult) -> Void)
    -> String
  /// Closes one menu (its result is `cancelled` with reason
  /// ``MenuCancelReason/closed``). Returns false when no menu with that id is
  /// open.
  @discardableResult
  func close(_ id: String) -> Bool
  /// Closes every menu (reason ``MenuCancelReason/dismissed``).
  func closeAll()
  /// Edits an open menu's front level while it is shown.
  func edit(_ id: String, _ edit: MenuEdit) throws(MenuEditError)
}

/// How a menu ended.
public enum MenuResult: Hashable, Sendable {
  /// An item was chosen: its selector, title, the titles leading to it, and
  /// its ``MenuItem/value`` if it has one.
  case chose(selector: String, title: String, path: [String], value: String? = nil)
  /// The text typed was the answer (a menu under dmenu's keys:
  /// ``Menu/dmenu``).
  case typed(String)
  /// One of the menu's answer keys (``Menu/answerKeys``) was pressed: the
  /// key's name as the menu gave it, and the item highlighted then (its
  /// title, path and value; no selector runs), if there was one.
  case key(String, title: String?, path: [String], value: String?)
  /// It closed without a choice, and why.
  case cancelled(MenuCancelReason)
}

/// Why a menu closed without a choice.
public enum MenuCancelReason: String, Hashable, Sendable, Codable, CaseIterable {
  /// A person pressed Esc, or Back (Left, Backspace) at the top level.
  case escape
  /// Its owner closed it (`menu.close`), or what it showed went away: a
  /// reload replaced the configured menu, its defining client removed it.
  case closed
  /// The panic chord, the daemon stopping, or its connection closing.
  case dismissed
  /// Its ``Menu/timeout`` passed with no key pressed.
  case timeout
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
  public var snapshot: ModalPicture

  /// Creates the payload.
  public init(change: MenuChange, snapshot: ModalPicture) {
    self.change = change
    self.snapshot = snapshot
  }
}

extension Notification.Name {
  /// A menu opened; payload ``ModalPicture``.
  public static let menuOpened: Self = "menu.opened"
  /// The highlight, level or filter of an open menu changed; payload ``ModalPicture``.
  public static let menuUpdated: Self = "menu.updated"
  /// An open menu's items were edited; payload ``MenuChanged``.
  public static let menuChanged: Self = "menu.changed"
  /// An item was chosen; payload ``MenuSelected``.
  public static let menuSelected: Self = "menu.selected"
  /// A menu closed; payload its id (`String`).
  public static let menuClosed: Self = "menu.closed"
}
