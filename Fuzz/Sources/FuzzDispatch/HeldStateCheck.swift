import FuzzSupport
import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRuntime

@testable import KeyMenuDaemon

/// What the daemon holds for clients, checked after every step:
///
/// - no accepted request stored a text with a character ``ShownText``
///   forbids (docs/PROTOCOL.md, control characters): not the alert or menu
///   in front (title, message, buttons, items, path), not a defined menu
///   (its name and title, as `menu.list` gives them), not a selector's
///   title (every action item of every open or defined menu);
/// - the ``HoldingLedger`` holds exactly the clients' waiting requests and
///   defined menus: every path that ends one released it.
@EngineActor enum HeldStateCheck {
  static func run(_ core: DaemonCore) {
    for entry in core.engine.modalStack.snapshot.stack {
      clean(entry.title, "\(entry.kind) title")
      clean(entry.text ?? "", "\(entry.kind) text", allowingNewlines: true)
      clean(entry.field?.shown ?? "", "\(entry.kind) field")
      for button in entry.buttons { clean(button, "\(entry.kind) button") }
      for title in entry.menu?.path ?? [] { clean(title, "menu path") }
      for item in entry.menu?.items ?? [] { clean(item.title, "menu item") }
    }
    for defined in namedMenus(core) where defined.owner != "config" {
      clean(defined.name, "defined menu name")
      clean(defined.title, "defined menu title")
    }
    for info in core.engine.registry.all { clean(info.title, "selector title") }
    checkLedger(core)
  }

  /// The named menus, as the menus plugin's `menu.list` gives them (it
  /// keeps them, the daemon does not); none while it does not run.
  static func namedMenus(_ core: DaemonCore) -> [MenuEntry] {
    guard let found = core.engine.methodHandler("menu.list") else { return [] }
    let call = MethodCall(
      method: "menu.list", params: nil,
      caller: MethodCaller(connection: 0, uid: 0, tier: .observe, owner: "fuzz"), requestID: nil, reply: nil
    ) { (_: Int) throws(RPCError) in }
    guard let list = try? found.handler(call) else { return [] }
    return (try? list.decoded(as: [MenuEntry].self)) ?? []
  }

  private static func clean(_ text: String, _ what: String, allowingNewlines: Bool = false) {
    if let scalar = ShownText.firstForbidden(in: text, allowingNewlines: allowingNewlines) {
      fuzzCheck(
        false, "an accepted request stored \(ShownText.name(scalar)) (\(what)): \(text.debugDescription)")
    }
  }

  private static func checkLedger(_ core: DaemonCore) {
    let plugin = core.engine.methodHandler("menu.list")?.plugin ?? "menus"
    var expected: Set<HoldingKey> = Set(
      namedMenus(core).filter { $0.owner != "config" }.map { .definition(plugin: plugin, name: $0.name) })
    for session in core.requests.connections.sessions.values {
      for id in session.waitingCalls {
        expected.insert(.request(client: session.client.id, id: id))
      }
    }
    fuzzCheck(
      core.holdings.count == expected.count && expected.allSatisfy { core.holdings[$0] != nil },
      "the ledger holds \(core.holdings.count) objects, the clients \(expected.count): \(expected)")
  }
}
