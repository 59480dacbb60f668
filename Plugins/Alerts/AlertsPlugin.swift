import KeyMenuCore
import KeyMenuEngineActor
public import KeyMenuPluginAPI
import KeyMenuProtocol

/// The built-in alerts plugin: an ``AlertPresenting`` service over an
/// ``AlertQueue``.
///
/// While any alert is showing it holds a modal handler, so the front alert
/// gets the keys first; timeouts run on the engine's clock; every change is
/// posted (`alert.shown`, `alert.focus`, `alert.answered`). The panic chord and
/// stopping the plugin dismiss every alert, each answered exactly once.
public final class AlertsPlugin: Plugin, AlertPresenting {
  struct Pending: Sendable {
    var owner: String
    var onAnswer: @Sendable @EngineActor (AlertAnswer) -> Void
    var timer: TimerToken?
  }

  struct State: Sendable {
    var queue = AlertQueue()
    var pending: [String: Pending] = [:]
    var modal: ObserverToken?
    var nextID = 1
  }

  public let name = "alerts"

  /// `[plugins.alerts]`: on unless disabled; no options.
  nonisolated public static let descriptor = PluginDescriptor(
    name: "alerts", summary: "alerts: questions with buttons (alert.show, configured alert actions)",
    enabledByDefault: true, methods: methods.map(\.declaration), actions: actions,
    notifications: notifications
  ) { AlertsPlugin() }
  private var state = State()
  /// Which connection's request showed which alert.
  var requests = RequestBook()
  private var host: (any PluginHost)?

  /// Creates the plugin.
  nonisolated public init() {}

  public func register(with host: any PluginHost) throws {
    self.host = host
    host.provide(self as any AlertPresenting, as: (any AlertPresenting).self)
    registerMethods(with: host)
    registerAction(with: host)
    _ = host.observe(.panic, tier: .passive) { [weak self] _ in
      self?.dismissAll()
      return .pass
    }
    _ = host.observe(.ownerDismissed, tier: .passive) { [weak self] notification in
      guard let self, let owner = notification.payload(as: String.self) else { return .pass }
      for (id, pending) in self.state.pending where pending.owner == owner { _ = self.dismiss(id) }
      return .pass
    }
  }

  public func stop() {
    dismissAll()
    host?.service(ModalOwnership.self)?.unregister(name)
    host = nil
  }

  @discardableResult
  public func present(
    _ alert: Alert, owner: String, onAnswer: @escaping @Sendable @EngineActor (AlertAnswer) -> Void
  )
    -> String
  {
    let id = "alert-\(state.nextID)"
    state.nextID += 1
    state.pending[id] = Pending(owner: owner, onAnswer: onAnswer)
    apply(state.queue.show(alert, id: id))
    return id
  }

  @discardableResult
  public func answer(_ id: String, button: Int) -> Bool {
    let effects = state.queue.choose(button, in: id)
    apply(effects)
    return !effects.isEmpty
  }

  @discardableResult
  public func dismiss(_ id: String) -> Bool {
    let effects = state.queue.dismiss(id)
    apply(effects)
    return !effects.isEmpty
  }

  public func dismissAll() {
    apply(state.queue.dismissAll())
  }

  private func handleKey(_ notification: Notification) -> Disposition {
    if notification.name == .modalTapped {
      guard let tap = notification.payload(as: ModalTap.self), tap.id == state.queue.current?.id else {
        return .pass
      }
      // A tapped button answers as a presenter's action; a scroll moves the message.
      let effects: [AlertQueue.Effect]
      switch tap.target {
      case .button(let button): effects = state.queue.choose(button, in: tap.id)
      case .scroll(let rows): effects = state.queue.scroll(by: rows, in: tap.id)
      case .item: effects = []
      }
      apply(effects)
      return effects.isEmpty ? .pass : .consume
    }
    guard let event = notification.keyEvent else { return .pass }
    // An alert for some devices lets the others' keys by (a client's
    // modal.press always reaches it).
    if let rules = state.queue.current?.machine.alert.devices, !rules.isEmpty, !event.isSynthetic,
      host?.service(DeviceFilter.self)?.accepts(event.device, rules) != true
    {
      return .pass
    }
    let (consumed, effects) = state.queue.handle(event)
    apply(effects)
    return consumed ? .consume : .pass
  }

  /// Carries out queue effects: callbacks, timers,
  /// notifications, and the modal handler's registration.
  private func apply(_ effects: [AlertQueue.Effect]) {
    guard let host else { return }
    for effect in effects {
      switch effect {
      case .presented(let id):
        bringModalToFront(host)
        if let timeout = state.queue.current?.machine.alert.timeout {
          let timer = host.schedule(after: timeout) { [weak self] in
            guard let self else { return }
            self.apply(self.state.queue.timeOut(id))
          }
          state.pending[id]?.timer = timer
        }
        if let snapshot = frontSnapshot() {
          host.post(Notification(.alertShown, payload: snapshot))
          host.showModal(snapshot)
        }
      case .focus, .scrolled:
        if let snapshot = frontSnapshot() {
          host.post(Notification(.alertFocus, payload: snapshot))
          host.updateModal(snapshot)
        }
      case .answered(let id, let answer):
        guard let pending = state.pending.removeValue(forKey: id) else { continue }
        if let timer = pending.timer { host.cancel(timer) }
        pending.onAnswer(answer)
        host.post(
          Notification(.alertAnswered, payload: AlertAnswered(id: id, owner: pending.owner, answer: answer)))
        host.closeModal(id)
      }
    }
    if state.queue.isEmpty, let idleModal = state.modal {
      state.modal = nil
      host.removeObserver(idleModal)
    }
  }

  /// Puts the alerts' modal handler in front: a newly presented alert comes
  /// over whatever opened meanwhile, for keys as in the modal snapshot.
  private func bringModalToFront(_ host: any PluginHost) {
    if let old = state.modal { host.removeObserver(old) }
    let token = host.observe(nil, tier: .modal) { [weak self] notification in
      self?.handleKey(notification) ?? .pass
    }
    state.modal = token
  }

  private func frontSnapshot() -> ModalPicture? {
    state.queue.current.map { current in
      var picture = current.machine.snapshot(id: current.id)
      picture.owner = state.pending[current.id]?.owner
      return picture
    }
  }
}
