import KeyMenuCore
import KeyMenuEngineActor
public import KeyMenuPluginAPI
import KeyMenuProtocol
import Logging

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
  @EngineActor
  final class OpenMenu {
    struct State {
      var machine: MenuMachine
      var chosen: MenuResult?
      var modal: ObserverToken?
      /// The pending timeout, while the menu has one.
      var timer: TimerToken?
      /// The passive `key.down` observer that starts the timeout again.
      var keyWatch: ObserverToken?
      /// The long-press timer while OK is held on an item with a long action.
      var hold: TimerToken?
      /// The device of the last key that did something in the menu: the one
      /// that answered it, when it closes by a key (nil for a client's
      /// `modal.press`).
      var answeredBy: DeviceID?
    }

    let id: String
    let owner: String
    /// The root menu's ``Menu/timeout``.
    let timeout: Duration?
    /// The root menu's ``Menu/longPress``, 500 ms when it does not say.
    let longPress: Duration
    /// The root menu's ``Menu/devices``: whose keys it takes.
    let devices: [DeviceRuleParams]
    /// Gets the result and the device whose key gave it (nil when none did).
    let onClose: @Sendable @EngineActor (MenuResult, DeviceID?) -> Void
    /// Gets each answer given with the menu kept open (dmenu's Ctrl+Return).
    let onPick: @Sendable @EngineActor (MenuResult) -> Void
    var state: State

    init(
      id: String, owner: String, menu: Menu,
      onClose: @escaping @Sendable @EngineActor (MenuResult, DeviceID?) -> Void,
      onPick: @escaping @Sendable @EngineActor (MenuResult) -> Void
    ) {
      self.id = id
      self.owner = owner
      self.timeout = menu.timeout
      self.longPress = menu.longPress ?? .milliseconds(500)
      self.devices = menu.devices ?? []
      self.onClose = onClose
      self.onPick = onPick
      self.state = State(machine: MenuMachine(menu))
    }

    var snapshot: ModalPicture? {
      var picture = state.machine.snapshot(id: id)
      picture?.owner = owner
      return picture
    }
  }

  public let name = "menus"

  /// `[plugins.menus]`: on unless disabled; no options. While it is off,
  /// its methods are `-32601` naming it, and a stop ends what clients
  /// defined.
  nonisolated public static let descriptor = PluginDescriptor(
    name: "menus", summary: "menus: lists of items in sections, with submenus and filtering",
    enabledByDefault: true, methods: methods.map(\.declaration), actions: actions,
    notifications: notifications
  ) { MenusPlugin() }
  private var menus: [String: OpenMenu] = [:]
  /// What the socket methods keep: requests, staged and named menus.
  var library = MenuLibrary()
  private var nextID = 1
  private var host: (any PluginHost)?

  /// Creates the plugin.
  nonisolated public init() {}

  public func register(with host: any PluginHost) throws {
    self.host = host
    host.provide(self as any MenuPresenting, as: (any MenuPresenting).self)
    registerMethods(with: host)
    registerConfigured(with: host)
    registerOwnership(with: host)
    _ = host.observe(.panic, tier: .passive) { [weak self] _ in
      self?.closeAll()
      return .pass
    }
    _ = host.observe(.ownerDismissed, tier: .passive) { [weak self] notification in
      guard let self, let owner = notification.payload(as: String.self) else { return .pass }
      let newestFirst = self.menus.values.filter { $0.owner == owner }.map(\.id)
        .sorted { Int($0.dropFirst(5)) ?? 0 > Int($1.dropFirst(5)) ?? 0 }
      for id in newestFirst { self.close(id, reason: .dismissed) }
      return .pass
    }
  }

  public func stop() {
    closeAll()
    unregisterOwnership(with: host)
    if let host { endAll(host: host) }
    host = nil
  }

  @discardableResult
  public func open(
    _ menu: Menu, owner: String, onClose: @escaping @Sendable @EngineActor (MenuResult) -> Void
  ) -> String {
    open(menu, owner: owner, onClose: { result, _ in onClose(result) }) { _ in }
  }

  /// Opens a menu as ``open(_:owner:onClose:)`` does, `onClose` also
  /// getting the device whose key answered (nil when none did); `onPick`
  /// gets each answer given while it stays open (dmenu's Ctrl+Return).
  @discardableResult
  func open(
    _ menu: Menu, owner: String, onClose: @escaping @Sendable @EngineActor (MenuResult, DeviceID?) -> Void,
    onPick: @escaping @Sendable @EngineActor (MenuResult) -> Void
  ) -> String {
    let id = "menu-\(nextID)"
    nextID += 1
    let open = OpenMenu(id: id, owner: owner, menu: menu, onClose: onClose, onPick: onPick)
    menus[id] = open
    guard let host else { return id }
    let token = host.observe(nil, tier: .modal) { [weak self] notification in
      self?.handleKey(notification, menu: open) ?? .pass
    }
    open.state.modal = token
    if open.timeout != nil {
      let watch = host.observe(.keyDown, tier: .passive) { [weak self, weak open] _ in
        if let self, let open { self.restartTimeout(open, host: host) }
        return .pass
      }
      open.state.keyWatch = watch
      restartTimeout(open, host: host)
    }
    if let snapshot = open.snapshot {
      host.post(Notification(.menuOpened, payload: snapshot))
      host.showModal(snapshot)
    }
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
    guard let open = menus[id] else { return false }
    apply(open.state.machine.close(reason), menu: open)
    return true
  }

  /// The ids of the menus open now.
  public var openIDs: Set<String> { Set(menus.keys) }

  /// Closes every menu, the newest (front) first (reason `dismissed`).
  public func closeAll() {
    let newestFirst = menus.keys.sorted { Int($0.dropFirst(5)) ?? 0 > Int($1.dropFirst(5)) ?? 0 }
    for id in newestFirst { close(id, reason: .dismissed) }
  }

  public func edit(_ id: String, _ edit: MenuEdit) throws(MenuEditError) {
    guard let open = menus[id] else { throw MenuEditError(message: "no open menu \(id)") }
    let effects: [MenuMachine.Effect]
    switch edit {
    case .insert(let item, let section, let index):
      effects = try open.state.machine.insert(item, section: section, at: index)
    case .remove(let section, let index):
      effects = try open.state.machine.removeItem(section: section, at: index)
    case .move(let section, let from, let to):
      effects = try open.state.machine.moveItem(section: section, from: from, to: to)
    case .update(let item, let section, let index):
      effects = try open.state.machine.updateItem(item, section: section, at: index)
    }
    apply(effects, menu: open)
  }

  /// Puts the configuration's menus, by name, in place of the previous
  /// ones: their open instances close (answered `cancelled`), since their
  /// items' selectors went with the old configuration.
  public func replaceConfiguredMenus(_ menus: [String: Menu]) {
    let named = Dictionary(
      uniqueKeysWithValues: menus.map { ($0.key, NamedMenu(name: $0.key, owner: "config", menu: $0.value)) })
    let replaced = library.configured.values.flatMap(\.openIDs)
    library.configured = named
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
    let showing = (library.defined[name] ?? library.configured[name])?.openIDs.contains(id) == true
    if showing { close(id) }
    return showing
  }

  /// Starts the menu's timeout (again), from now; nothing once it closed.
  private func restartTimeout(_ open: OpenMenu, host: any PluginHost) {
    guard let timeout = open.timeout else { return }
    if let old = open.state.timer {
      open.state.timer = nil
      host.cancel(old)
    }
    guard open.state.machine.isOpen else { return }
    let timer = host.schedule(after: timeout) { [weak self, weak open] in
      guard let self, let open else { return }
      self.apply(open.state.machine.timeOut(), menu: open)
    }
    open.state.timer = timer
  }

  private func handleKey(_ notification: Notification, menu open: OpenMenu) -> Disposition {
    if notification.name == .modalTapped {
      guard let tap = notification.payload(as: ModalTap.self), tap.id == open.id else { return .pass }
      let (consumed, effects) = open.state.machine.tap(tap.target)
      open.state.answeredBy = nil
      apply(effects, menu: open)
      return consumed ? .consume : .pass
    }
    guard let event = notification.keyEvent else { return .pass }
    // A menu for some devices lets the others' keys by (a client's
    // modal.press always reaches it).
    if !open.devices.isEmpty, !event.isSynthetic,
      host?.service(DeviceFilter.self)?.accepts(event.device, open.devices) != true
    {
      return .pass
    }
    let (consumed, effects) = open.state.machine.handle(event)
    if !effects.isEmpty {
      open.state.answeredBy = event.isSynthetic ? nil : event.device
      apply(effects, menu: open)
    }
    return consumed ? .consume : .pass
  }

  /// Carries out a menu's effects.
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
          host.updateModal(snapshot)
        }
      case .invoke(let selector, let title, let path, let value):
        open.state.chosen = .chose(selector: selector, title: title, path: path, value: value)
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
      case .holding:
        if let old = open.state.hold { host.cancel(old) }
        open.state.hold = host.schedule(after: open.longPress) { [weak self, weak open] in
          guard let self, let open else { return }
          open.state.hold = nil
          self.apply(open.state.machine.longPressed(), menu: open)
        }
      case .invokeLong(let selector, _, _):
        do {
          try host.invoke(Selector(selector))
        } catch {
          host.post(Notification(.selectorFailed, payload: error))
        }
      case .typed(let text):
        open.state.chosen = .typed(text)
      case .answeredByKey(let name, let title, let path, let value):
        open.state.chosen = .key(name, title: title, path: path, value: value)
      case .kept:
        if let picked = open.state.chosen {
          open.state.chosen = nil
          open.onPick(picked)
        }
      case .closed(let reason):
        let removed = menus.removeValue(forKey: open.id)
        menus.shrinkIfSparse()
        guard removed != nil else { continue }
        for token in [open.state.modal, open.state.keyWatch].compactMap({ $0 }) { host.removeObserver(token) }
        for timer in [open.state.timer, open.state.hold].compactMap({ $0 }) { host.cancel(timer) }
        (open.state.timer, open.state.hold) = (nil, nil)
        switch reason {
        case .chose: open.onClose(open.state.chosen ?? .cancelled(.closed), open.state.answeredBy)
        case .cancelled(.escape): open.onClose(.cancelled(.escape), open.state.answeredBy)
        case .cancelled(let why): open.onClose(.cancelled(why), nil)
        }
        host.post(Notification(.menuClosed, payload: open.id))
        host.closeModal(open.id)
        return
      }
    }
    if updated, !changed, let snapshot = open.snapshot {
      host.post(Notification(.menuUpdated, payload: snapshot))
      host.updateModal(snapshot)
    }
  }
}
