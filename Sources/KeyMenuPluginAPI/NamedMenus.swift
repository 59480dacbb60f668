/// The named menus a menus plugin shows by name: the configuration's
/// (`[menus.NAME]`), which the daemon hands over each time a configuration
/// is put in force, and those clients define (`menu.define`). The service
/// the daemon's configured `menu = "NAME"` actions and hotkeys go through.
public protocol NamedMenus: Sendable {
  /// Puts the configuration's menus, by name, in place of the previous
  /// ones: their open instances close (answered `cancelled`), since their
  /// items' selectors went with the old configuration.
  func replaceConfiguredMenus(_ menus: [String: Menu])
  /// Opens the menu named `name` for the configuration (the configuration's
  /// first, then a client's); false when there is none.
  @discardableResult
  func showNamedMenu(_ name: String) -> Bool
  /// Closes `id` when it is an open instance of the menu named `name` (a
  /// hotkey whose menu is in front closes it); false otherwise.
  @discardableResult
  func closeNamedMenu(_ name: String, ifShowing id: String) -> Bool
}
