import FuzzSupport
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuRuntime

@testable import KeyMenuDaemon

extension DispatchHarness {
  /// Runs the address's jobs until none is left, reads and checks what
  /// each client was sent, then checks every answer due came.
  @EngineActor func settle() {
    daemon.settle()
    for client in clients.values {
      client.receive()
      client.checkAnsweredNow()
    }
    HeldStateCheck.run(core)
  }

  /// Ends the input: keys up, every alert and menu answered (nothing may
  /// still be owed), every client gone; then nothing of theirs may remain.
  @EngineActor func finish() {
    daemon.unplugKeyboard()
    closeModals()
    for client in clients.values { client.checkNothingOwed() }
    for client in clients.values { client.hangUp() }
    clients = [:]
    closeModals()
    fuzzCheck(
      core.requests.connections.count == 0,
      "sessions left: \(core.requests.connections.sessions.keys.sorted())")
    let named = HeldStateCheck.namedMenus(core)
    let clientMenus = named.filter { $0.owner != "config" }.map(\.name)
    fuzzCheck(clientMenus.isEmpty, "client menus left: \(clientMenus)")
    fuzzCheck(core.holdings.count == 0, "the ledger still holds \(core.holdings.count) objects")
    fuzzCheck(core.requests.connections.keySubscribers.isEmpty, "key subscribers left")
    fuzzCheck(
      core.engine.modalStack.depth == 0, "\(core.engine.modalStack.depth) modals left after closing all")
    fuzzCheck(
      core.engine.registry.wrapperOwners.isEmpty, "wrappers left: \(core.engine.registry.wrapperOwners)")
    let selectors = core.engine.registry.all
    fuzzCheck(
      selectors.count == baselineSelectors,
      "\(selectors.count) selectors, \(baselineSelectors) configured: \(selectors.map(\.selector.rawValue))")
    for menu in named where menu.open {
      fuzzCheck(false, "configured menu \(menu.name) still counted open")
    }
  }

  @EngineActor func closeModals() {
    core.host?.service((any MenuPresenting).self)?.closeAll()
    core.host?.service((any AlertPresenting).self)?.dismissAll()
    settle()
  }

  /// The names ``Placeholders`` put into lines.
  @EngineActor var placeholders: Placeholders {
    // The current client's own selectors first, then the other clients', then the configuration's.
    var slots: [String: Int] = ["config": 10]
    for (slot, client) in clients {
      slots[client.selectorOwnerName] = slot == current ? 0 : 1 + slot.rawValue
    }
    let infos = core.engine.registry.all.sorted {
      (slots[$0.owner.rawValue] ?? 99, $0.kind, $0.title, $0.selector.rawValue)
        < (slots[$1.owner.rawValue] ?? 99, $1.kind, $1.title, $1.selector.rawValue)
    }
    let front = core.engine.modalStack.snapshot.front?.id
    return Placeholders(selectors: infos.map(\.selector.rawValue), front: front)
  }
}
