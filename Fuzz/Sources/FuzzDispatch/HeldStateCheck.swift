import FuzzSupport
import KeyMenuCore
import KeyMenuPluginAPI

@testable import KeyMenuDaemon

/// What the daemon holds for clients, checked after every step:
///
/// - no accepted request stored a text with a character ``ShownText``
///   forbids (docs/PROTOCOL.md, control characters): not the alert or menu
///   in front (title, message, buttons, items, path), not a defined menu
///   (its name, title, sections and items, submenus included), not a
///   selector's title (every action item of every open or defined menu);
/// - the ``HoldingLedger`` holds exactly the clients' waiting requests and
///   defined menus: every path that ends one released it.
enum HeldStateCheck {
  static func run(_ core: DaemonCore) {
    for entry in core.engine.modalStack.snapshot.stack {
      switch entry {
      case .alert(let alert):
        clean(alert.title, "alert title")
        clean(alert.message ?? "", "alert message", allowingNewlines: true)
        for button in alert.buttons { clean(button, "alert button") }
      case .menu(let menu):
        for title in menu.path { clean(title, "menu path") }
        for item in menu.items { clean(item.title, "menu item") }
      }
    }
    for (name, defined) in core.definedMenus {
      clean(name, "defined menu name")
      walk(defined.menu)
    }
    for info in core.engine.registry.all { clean(info.title, "selector title") }
    checkLedger(core)
  }

  private static func walk(_ menu: Menu) {
    clean(menu.title, "defined menu title")
    for section in menu.sections {
      clean(section.title ?? "", "defined menu section")
      for item in section.items {
        clean(item.title, "defined menu item")
        if case .submenu(let submenu) = item.content { walk(submenu) }
      }
    }
  }

  private static func clean(_ text: String, _ what: String, allowingNewlines: Bool = false) {
    if let scalar = ShownText.firstForbidden(in: text, allowingNewlines: allowingNewlines) {
      fuzzCheck(
        false, "an accepted request stored \(ShownText.name(scalar)) (\(what)): \(text.debugDescription)")
    }
  }

  private static func checkLedger(_ core: DaemonCore) {
    var expected: Set<HoldingKey> = Set(core.definedMenus.keys.map { .definedMenu($0) })
    for session in core.sessions.values {
      for id in Array(session.waitingCalls) + Array(session.openMenus.keys) {
        expected.insert(.request(client: session.client.id, id: id))
      }
    }
    fuzzCheck(
      core.holdings.count == expected.count && expected.allSatisfy { core.holdings[$0] != nil },
      "the ledger holds \(core.holdings.count) objects, the clients \(expected.count): \(expected)")
  }
}
