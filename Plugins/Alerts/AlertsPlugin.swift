import KeyMenuCore
public import KeyMenuPluginAPI
import Synchronization

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
    var onAnswer: @Sendable (AlertAnswer) -> Void
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
  public static let descriptor = PluginDescriptor(
    name: "alerts", summary: "alerts: questions with buttons (alert.show, configured alert actions)",
    enabledByDefault: true, methods: methods, actions: actions, notifications: notifications
  ) { AlertsPlugin() }
  private let state = Mutex(State())
  /// Which connection's request showed which alert.
  let requests = Mutex(RequestBook())
  private let hostSlot = Mutex<(any PluginHost)?>(nil)

  /// Creates the plugin.
  public init() {}

  public func register(with host: any PluginHost) throws {
    hostSlot.withLock { $0 = host }
    host.provide(self as any AlertPresenting, as: (any AlertPresenting).self)
    registerMethods(with: host)
    registerAction(with: host)
    _ = host.observe(.panic, tier: .passive) { [weak self] _ in
      self?.dismissAll()
      return .pass
    }
  }

  public func stop() {
    dismissAll()
    host?.service(ModalOwnership.self)?.unregister(name)
    hostSlot.withLock { $0 = nil }
  }

  @discardableResult
  public func present(_ alert: Alert, owner: String, onAnswer: @escaping @Sendable (AlertAnswer) -> Void)
    -> String
  {
    let (id, effects) = state.withLock { state in
      let id = "alert-\(state.nextID)"
      state.nextID += 1
      state.pending[id] = Pending(owner: owner, onAnswer: onAnswer)
      return (id, state.queue.show(alert, id: id))
    }
    apply(effects)
    return id
  }

  @discardableResult
  public func answer(_ id: String, button: Int) -> Bool {
    let effects = state.withLock { $0.queue.choose(button, in: id) }
    apply(effects)
    return !effects.isEmpty
  }

  @discardableResult
  public func dismiss(_ id: String) -> Bool {
    let effects = state.withLock { $0.queue.dismiss(id) }
    apply(effects)
    return !effects.isEmpty
  }

  public func dismissAll() {
    apply(state.withLock { $0.queue.dismissAll() })
  }

  private var host: (any PluginHost)? { hostSlot.withLock { $0 } }

  private func handleKey(_ notification: Notification) -> Disposition {
    guard let event = notification.keyEvent else { return .pass }
    let (consumed, effects) = state.withLock { $0.queue.handle(event) }
    apply(effects)
    return consumed ? .consume : .pass
  }

  /// Carries out queue effects, outside the lock: callbacks, timers,
  /// notifications, and the modal handler's registration.
  private func apply(_ effects: [AlertQueue.Effect]) {
    guard let host else { return }
    for effect in effects {
      switch effect {
      case .presented(let id):
        bringModalToFront(host)
        if let timeout = state.withLock({ $0.queue.current?.machine.alert.timeout }) {
          let timer = host.schedule(after: timeout) { [weak self] in
            guard let self else { return }
            self.apply(self.state.withLock { $0.queue.timeOut(id) })
          }
          state.withLock { $0.pending[id]?.timer = timer }
        }
        if let snapshot = frontSnapshot() { host.post(Notification(.alertShown, payload: snapshot)) }
      case .focus, .scrolled:
        if let snapshot = frontSnapshot() { host.post(Notification(.alertFocus, payload: snapshot)) }
      case .answered(let id, let answer):
        guard let pending = state.withLock({ $0.pending.removeValue(forKey: id) }) else { continue }
        if let timer = pending.timer { host.cancel(timer) }
        pending.onAnswer(answer)
        host.post(
          Notification(.alertAnswered, payload: AlertAnswered(id: id, owner: pending.owner, answer: answer)))
      }
    }
    let idleModal = state.withLock { state -> ObserverToken? in
      guard state.queue.isEmpty, let token = state.modal else { return nil }
      state.modal = nil
      return token
    }
    if let idleModal { host.removeObserver(idleModal) }
  }

  /// Puts the alerts' modal handler in front: a newly presented alert comes
  /// over whatever opened meanwhile, for keys as in the modal snapshot.
  private func bringModalToFront(_ host: any PluginHost) {
    if let old = state.withLock({ $0.modal }) { host.removeObserver(old) }
    let token = host.observe(nil, tier: .modal) { [weak self] notification in
      self?.handleKey(notification) ?? .pass
    }
    state.withLock { $0.modal = token }
  }

  private func frontSnapshot() -> AlertSnapshot? {
    state.withLock { state in state.queue.current.map { $0.machine.snapshot(id: $0.id) } }
  }
}
