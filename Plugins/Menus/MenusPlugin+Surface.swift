import KeyMenuPluginAPI
import KeyMenuProtocol
import Logging

/// The rest of the menus plugin's surface besides its socket methods: the
/// configuration action `menu = "NAME"`, the configuration's `[menus.NAME]`
/// (handed over built, each time a configuration is put in force), and the
/// notifications subscribers of `menu` get.
extension MenusPlugin {
  /// `menu = "NAME"`, read by the configuration itself (which checks that
  /// the name is a configured menu or may be a client's).
  nonisolated static let actions = [
    ActionDeclaration(
      "menu", help: "open a menu by name: the configuration's or one a client defined",
      problem: { value in if case .string(let name) = value, !name.isEmpty { nil } else { "must name a menu" }
      })
  ]

  /// `menu.opened`, `menu.updated`, `menu.changed`, `menu.selected`, `menu.closed`.
  nonisolated static let notifications = [
    NotificationDeclaration(.menuOpened, topic: "menu") {
      $0.payload(as: ModalPicture.self)
    },
    NotificationDeclaration(.menuUpdated, topic: "menu") {
      $0.payload(as: ModalPicture.self)
    },
    NotificationDeclaration(.menuChanged, topic: "menu") {
      $0.payload(as: MenuChanged.self).map { MenuChangedNotice($0) }
    },
    NotificationDeclaration(.menuSelected, topic: "menu") {
      $0.payload(as: MenuSelected.self).map { MenuSelectedNotice($0) }
    },
    NotificationDeclaration(.menuClosed, topic: "menu") {
      $0.payload(as: String.self).map { MenuClosedNotice(id: $0) }
    },
  ]

  /// Opens configured menus by name, and takes the configuration's menus.
  /// A hotkey whose menu is already in front closes it (a toggle, as
  /// which-key menus behave) instead of stacking a copy. Each menu opened
  /// is counted against whoever set the action off
  /// (``ActionCall/holdWhileShown(bytes:)``) until it closes; none opens
  /// past that payer's bound.
  func registerConfigured(with host: any PluginHost) {
    host.handleAction("menu") { [weak self] call in
      guard let self, case .string(let name) = call.value else { return }
      if call.byHotkey, let front = host.modalSnapshot.front,
        closeNamedMenu(name, ifShowing: front.id)
      {
        return
      }
      guard library.named(name) != nil else {
        return host.logger.warning("no menu named \(name) to open")
      }
      // Its items are the configuration's, shared by every instance: an open
      // one costs the object itself (``HoldingCost/object``), as `menu.show`.
      guard let holding = call.holdWhileShown(bytes: 0) else { return }
      showNamed(name, for: nil, host: host, ended: { holding.release() })
    }
    host.handleConfiguredObjects("menus") { [weak self] objects in
      guard let menus = objects as? [String: Menu] else {
        return host.logger.error("the configuration's menus came in an unknown form: \(type(of: objects))")
      }
      self?.replaceConfiguredMenus(menus)
    }
  }
}
