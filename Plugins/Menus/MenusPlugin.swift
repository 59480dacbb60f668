import KeyMenuCore
import KeyMenuPluginAPI
import Synchronization

/// The built-in menus plugin: a ``MenuPresenting`` service over
/// ``MenuMachine``s.
///
/// Every open menu holds its own modal handler, so a menu (or an alert)
/// opened over another takes the keys and the one below is back, exactly as
/// it was, when the newer one goes. Choosing an item invokes its selector;
/// an action that throws is reported as `selector.failed` and routing goes
/// on. Every change is posted for presenters and subscribers.
public final class MenusPlugin: Plugin, MenuPresenting {
  struct OpenMenu: Sendable {
    var machine: MenuMachine
    var owner: String
    var onClose: @Sendable (MenuResult) -> Void
    var modal: ObserverToken?
    var chosen: MenuResult?
  }

  public let name = "menus"
  private let menus = Mutex<[String: OpenMenu]>([:])
  private let nextID = Mutex(1)
  private let hostSlot = Mutex<(any PluginHost)?>(nil)

  /// Creates the plugin.
  public init() {}

  public func register(with host: any PluginHost) throws {
    hostSlot.withLock { $0 = host }
    host.provide(self as any MenuPresenting, as: (any MenuPresenting).self)
    _ = host.observe(.panic, tier: .passive) { [weak self] _ in
      self?.closeAll()
      return .pass
    }
  }

  public func stop() {
    closeAll()
    hostSlot.withLock { $0 = nil }
  }

  @discardableResult
  public func open(_ menu: Menu, owner: String, onClose: @escaping @Sendable (MenuResult) -> Void) -> String {
    let id = nextID.withLock { next in
      defer { next += 1 }
      return "menu-\(next)"
    }
    menus.withLock { $0[id] = OpenMenu(machine: MenuMachine(menu), owner: owner, onClose: onClose) }
    guard let host else { return id }
    let token = host.observe(nil, tier: .modal) { [weak self] notification in
      self?.handleKey(notification, menu: id) ?? .pass
    }
    menus.withLock { $0[id]?.modal = token }
    if let snapshot = snapshot(id) { host.post(Notification(.menuOpened, payload: snapshot)) }
    return id
  }

  public func close(_ id: String) {
    apply(menus.withLock { $0[id]?.machine.close() } ?? [], menu: id)
  }

  public func closeAll() {
    for id in menus.withLock({ $0.keys.sorted().reversed() }) { close(id) }
  }

  public func edit(_ id: String, _ edit: MenuEdit) throws(MenuEditError) {
    let result: Result<[MenuMachine.Effect], MenuEditError> = menus.withLock { menus in
      guard menus[id] != nil else { return .failure(MenuEditError(message: "no open menu \(id)")) }
      do throws(MenuEditError) {
        switch edit {
        case .insert(let item, let section, let index):
          return .success(try menus[id]!.machine.insert(item, section: section, at: index))
        case .remove(let section, let index):
          return .success(try menus[id]!.machine.removeItem(section: section, at: index))
        case .move(let section, let from, let to):
          return .success(try menus[id]!.machine.moveItem(section: section, from: from, to: to))
        case .update(let item, let section, let index):
          return .success(try menus[id]!.machine.updateItem(item, section: section, at: index))
        }
      } catch {
        return .failure(error)
      }
    }
    apply(try result.get(), menu: id)
  }

  private var host: (any PluginHost)? { hostSlot.withLock { $0 } }

  private func snapshot(_ id: String) -> MenuSnapshot? {
    menus.withLock { $0[id]?.machine.snapshot(id: id) }
  }

  private func handleKey(_ notification: Notification, menu id: String) -> Disposition {
    guard let event = notification.keyEvent else { return .pass }
    guard let (consumed, effects) = menus.withLock({ $0[id]?.machine.handle(event) }) else { return .pass }
    apply(effects, menu: id)
    return consumed ? .consume : .pass
  }

  /// Carries out a menu's effects outside the lock.
  private func apply(_ effects: [MenuMachine.Effect], menu id: String) {
    guard let host, !effects.isEmpty else { return }
    var updated = false
    for effect in effects {
      switch effect {
      case .highlight, .openedSubmenu, .wentBack, .filter:
        updated = true
      case .changed(let change):
        if let snapshot = snapshot(id) {
          host.post(Notification(.menuChanged, payload: MenuChanged(change: change, snapshot: snapshot)))
        }
      case .invoke(let selector, let title, let path):
        let owner = menus.withLock { menus -> String in
          menus[id]?.chosen = .chose(selector: selector, title: title, path: path)
          return menus[id]?.owner ?? ""
        }
        host.post(
          Notification(
            .menuSelected,
            payload: MenuSelected(id: id, owner: owner, selector: selector, title: title, path: path)))
        do {
          try host.invoke(Selector(selector))
        } catch {
          host.post(Notification(.selectorFailed, payload: error))
        }
      case .closed(let reason):
        guard let closed = menus.withLock({ $0.removeValue(forKey: id) }) else { continue }
        if let token = closed.modal { host.removeObserver(token) }
        closed.onClose(reason == .chose ? closed.chosen ?? .cancelled : .cancelled)
        host.post(Notification(.menuClosed, payload: id))
        return
      }
    }
    let changed = effects.contains { if case .changed = $0 { true } else { false } }
    if updated, !changed, let snapshot = snapshot(id) {
      host.post(Notification(.menuUpdated, payload: snapshot))
    }
  }
}
