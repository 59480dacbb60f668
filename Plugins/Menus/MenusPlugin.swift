import KeyMenuCore
public import KeyMenuPluginAPI
import Logging
import Synchronization

/// The built-in menus plugin: a ``MenuPresenting`` service over
/// ``MenuMachine``s, the menus' socket methods (MenusPlugin+Methods), and
/// the named menus: the configuration's, which the daemon hands over built
/// (MenusPlugin+Surface), and those clients define.
///
/// Every open menu holds its own modal handler, so a menu (or an alert)
/// opened over another takes the keys and the one below is back, exactly as
/// it was, when the newer one goes. Choosing an item invokes its selector;
/// an action that throws is reported as `selector.failed` and routing goes
/// on. Every change is posted for presenters and subscribers.
///
/// A menu with a ``Menu/timeout`` closes by itself (reason `timeout`) once
/// that long has passed with no key pressed on any device: the plugin runs
/// the timer on the engine's clock and starts it again on every `key.down`,
/// whether the menu is in front or covered by another modal (a person
/// answering the alert over it is not idle).
public final class MenusPlugin: Plugin, MenuPresenting {
  /// One open menu; its modal handler holds it directly, so a key costs no
  /// lookup by id.
  final class OpenMenu: Sendable {
    struct State: Sendable {
      var machine: MenuMachine
      var chosen: MenuResult?
      var modal: ObserverToken?
      /// The pending timeout, while the menu has one.
      var timer: TimerToken?
      /// The passive `key.down` observer that starts the timeout again.
      var keyWatch: ObserverToken?
    }

    let id: String
    let owner: String
    /// The root menu's ``Menu/timeout``.
    let timeout: Duration?
    let onClose: @Sendable (MenuResult) -> Void
    /// Gets each answer given with the menu kept open (dmenu's Ctrl+Return).
    let onPick: @Sendable (MenuResult) -> Void
    let state: Mutex<State>

    init(
      id: String, owner: String, menu: Menu, onClose: @escaping @Sendable (MenuResult) -> Void,
      onPick: @escaping @Sendable (MenuResult) -> Void
    ) {
      self.id = id
      self.owner = owner
      self.timeout = menu.timeout
      self.onClose = onClose
      self.onPick = onPick
      self.state = Mutex(State(machine: MenuMachine(menu)))
    }

    var snapshot: MenuSnapshot? { state.withLock { $0.machine.snapshot(id: id) } }
  }

  public let name = "menus"

  /// `[plugins.menus]`: on unless disabled; no options. While it is off,
  /// its methods are `-32601` naming it, and a stop ends what clients
  /// defined.
  public static let descriptor = PluginDescriptor(
    name: "menus", summary: "menus: lists of items in sections, with submenus and filtering",
    enabledByDefault: true, methods: methods, actions: actions, notifications: notifications
  ) { MenusPlugin() }
  private let menus = Mutex<[String: OpenMenu]>([:])
  /// What the socket methods keep: requests, staged and named menus.
  let library = Mutex(MenuLibrary())
  private let nextID = Mutex(1)
  private let hostSlot = Mutex<(any PluginHost)?>(nil)

  /// Creates the plugin.
  public init() {}

  public func register(with host: any PluginHost) throws {
    hostSlot.withLock { $0 = host }
    host.provide(self as any MenuPresenting, as: (any MenuPresenting).self)
    registerMethods(with: host)
    registerConfigured(with: host)
    registerOwnership(with: host)
    _ = host.observe(.panic, tier: .passive) { [weak self] _ in
      self?.closeAll()
      return .pass
    }
  }

  public func stop() {
    closeAll()
    unregisterOwnership(with: host)
    if let host { endAll(host: host) }
    hostSlot.withLock { $0 = nil }
  }

  @discardableResult
  public func open(_ menu: Menu, owner: String, onClose: @escaping @Sendable (MenuResult) -> Void) -> String {
    open(menu, owner: owner, onClose: onClose) { _ in }
  }

  /// Opens a menu as ``open(_:owner:onClose:)`` does; `onPick` gets each
  /// answer given while it stays open (dmenu's Ctrl+Return).
  @discardableResult
  func open(
    _ menu: Menu, owner: String, onClose: @escaping @Sendable (MenuResult) -> Void,
    onPick: @escaping @Sendable (MenuResult) -> Void
  ) -> String {
    let id = nextID.withLock { next in
      defer { next += 1 }
      return "menu-\(next)"
    }
    let open = OpenMenu(id: id, owner: owner, menu: menu, onClose: onClose, onPick: onPick)
    menus.withLock { $0[id] = open }
    guard let host else { return id }
    let token = host.observe(nil, tier: .modal) { [weak self] notification in
      self?.handleKey(notification, menu: open) ?? .pass
    }
    open.state.withLock { $0.modal = token }
    if open.timeout != nil {
      let watch = host.observe(.keyDown, tier: .passive) { [weak self, weak open] _ in
        if let self, let open { self.restartTimeout(open, host: host) }
        return .pass
      }
      open.state.withLock { $0.keyWatch = watch }
      restartTimeout(open, host: host)
    }
    if let snapshot = open.snapshot { host.post(Notification(.menuOpened, payload: snapshot)) }
    return id
  }

  @discardableResult
  public func close(_ id: String) -> Bool {
    close(id, reason: .closed)
  }

  /// Closes one menu without a choice, for `reason`; false when no menu
  /// with that id is open.
  @discardableResult
  func close(_ id: String, reason: MenuCancelReason) -> Bool {
    guard let open = menus.withLock({ $0[id] }) else { return false }
    apply(open.state.withLock { $0.machine.close(reason) }, menu: open)
    return true
  }

  /// The ids of the menus open now.
  public var openIDs: Set<String> { menus.withLock { Set($0.keys) } }

  /// Closes every menu, the newest (front) first (reason `dismissed`).
  public func closeAll() {
    let newestFirst = menus.withLock { menus in
      menus.keys.sorted { Int($0.dropFirst(5)) ?? 0 > Int($1.dropFirst(5)) ?? 0 }
    }
    for id in newestFirst { close(id, reason: .dismissed) }
  }

  public func edit(_ id: String, _ edit: MenuEdit) throws(MenuEditError) {
    guard let open = menus.withLock({ $0[id] }) else { throw MenuEditError(message: "no open menu \(id)") }
    let result: Result<[MenuMachine.Effect], MenuEditError> = open.state.withLock { state in
      do throws(MenuEditError) {
        switch edit {
        case .insert(let item, let section, let index):
          return .success(try state.machine.insert(item, section: section, at: index))
        case .remove(let section, let index):
          return .success(try state.machine.removeItem(section: section, at: index))
        case .move(let section, let from, let to):
          return .success(try state.machine.moveItem(section: section, from: from, to: to))
        case .update(let item, let section, let index):
          return .success(try state.machine.updateItem(item, section: section, at: index))
        }
      } catch {
        return .failure(error)
      }
    }
    apply(try result.get(), menu: open)
  }

  /// Puts the configuration's menus, by name, in place of the previous
  /// ones: their open instances close (answered `cancelled`), since their
  /// items' selectors went with the old configuration.
  public func replaceConfiguredMenus(_ menus: [String: Menu]) {
    let named = Dictionary(
      uniqueKeysWithValues: menus.map { ($0.key, NamedMenu(name: $0.key, owner: "config", menu: $0.value)) })
    let replaced = library.withLock { library in
      defer { library.configured = named }
      return library.configured.values.flatMap(\.openIDs)
    }
    for id in replaced where close(id, reason: .closed) {
      host?.logger.info("closed menu \(id): its configuration was replaced")
    }
  }

  /// Opens the menu named `name` for the configuration (the configuration's
  /// first, then a client's); false when there is none.
  @discardableResult
  public func showNamedMenu(_ name: String) -> Bool {
    guard let host else { return false }
    return showNamed(name, for: nil, host: host)
  }

  /// Closes `id` when it is an open instance of the menu named `name`;
  /// false otherwise.
  @discardableResult
  public func closeNamedMenu(_ name: String, ifShowing id: String) -> Bool {
    let showing = library.withLock { ($0.defined[name] ?? $0.configured[name])?.openIDs.contains(id) == true }
    if showing { close(id) }
    return showing
  }

  private var host: (any PluginHost)? { hostSlot.withLock { $0 } }

  /// Starts the menu's timeout (again), from now; nothing once it closed.
  private func restartTimeout(_ open: OpenMenu, host: any PluginHost) {
    guard let timeout = open.timeout else { return }
    let old = open.state.withLock { state -> TimerToken? in
      defer { state.timer = nil }
      return state.timer
    }
    if let old { host.cancel(old) }
    guard open.state.withLock({ $0.machine.isOpen }) else { return }
    let timer = host.schedule(after: timeout) { [weak self, weak open] in
      guard let self, let open else { return }
      self.apply(open.state.withLock { $0.machine.timeOut() }, menu: open)
    }
    open.state.withLock { $0.timer = timer }
  }

  private func handleKey(_ notification: Notification, menu open: OpenMenu) -> Disposition {
    guard let event = notification.keyEvent else { return .pass }
    let (consumed, effects) = open.state.withLock { $0.machine.handle(event) }
    if !effects.isEmpty { apply(effects, menu: open) }
    return consumed ? .consume : .pass
  }

  /// Carries out a menu's effects outside its lock.
  private func apply(_ effects: [MenuMachine.Effect], menu open: OpenMenu) {
    guard let host, !effects.isEmpty else { return }
    var updated = false
    var changed = false
    for effect in effects {
      switch effect {
      case .highlight, .openedSubmenu, .wentBack, .filter:
        updated = true
      case .changed(let change):
        changed = true
        if let snapshot = open.snapshot {
          host.post(Notification(.menuChanged, payload: MenuChanged(change: change, snapshot: snapshot)))
        }
      case .invoke(let selector, let title, let path, let value):
        open.state.withLock { $0.chosen = .chose(selector: selector, title: title, path: path, value: value) }
        host.post(
          Notification(
            .menuSelected,
            payload: MenuSelected(
              id: open.id, owner: open.owner, selector: selector, title: title, path: path)))
        do {
          try host.invoke(Selector(selector))
        } catch {
          host.post(Notification(.selectorFailed, payload: error))
        }
      case .typed(let text):
        open.state.withLock { $0.chosen = .typed(text) }
      case .kept:
        let picked = open.state.withLock { state in
          defer { state.chosen = nil }
          return state.chosen
        }
        if let picked { open.onPick(picked) }
      case .closed(let reason):
        let removed = menus.withLock { menus in
          defer { menus.shrinkIfSparse() }
          return menus.removeValue(forKey: open.id)
        }
        guard removed != nil else { continue }
        let (tokens, timer, chosen) = open.state.withLock { state in
          defer { state.timer = nil }
          return ([state.modal, state.keyWatch].compactMap { $0 }, state.timer, state.chosen)
        }
        for token in tokens { host.removeObserver(token) }
        if let timer { host.cancel(timer) }
        switch reason {
        case .chose: open.onClose(chosen ?? .cancelled(.closed))
        case .cancelled(let why): open.onClose(.cancelled(why))
        }
        host.post(Notification(.menuClosed, payload: open.id))
        return
      }
    }
    if updated, !changed, let snapshot = open.snapshot {
      host.post(Notification(.menuUpdated, payload: snapshot))
    }
  }
}
