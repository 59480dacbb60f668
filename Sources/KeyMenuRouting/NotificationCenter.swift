import KeyMenuPluginAPI
import Synchronization

/// Delivers notifications to modal handlers, hotkey bindings and passive
/// observers, in that order. Modal handlers see key notifications only; a
/// notification that no hotkey or passive observer wants is dropped at once.
///
/// Delivery is synchronous and runs to completion: a notification posted
/// while another one is being delivered (an alert answering a key, say) is
/// queued and delivered right after it, so every observer sees notifications
/// in one global order. The observer list is snapshotted per notification:
/// an observer added while a notification is delivered starts with the next
/// one, and one removed is not called again, even later in the same delivery.
/// State sits behind a mutex and handlers run outside it, so handlers may add
/// and remove observers and post freely.
public final class NotificationCenter: Sendable {
  /// A handler; modal and hotkey handlers decide whether to consume, a
  /// passive observer's answer is ignored.
  public typealias Handler = @Sendable (Notification) -> Disposition

  struct Entry: Sendable {
    let token: ObserverToken
    let name: Notification.Name?
    let handler: Handler
    /// Cleared on removal; read without the lock before every call, so a
    /// removed observer is never called again, even later in a delivery.
    let alive: Liveness

    func wants(_ notification: Notification) -> Bool { name == nil || name == notification.name }
  }

  final class Liveness: Sendable {
    let flag = Atomic(true)
    var isAlive: Bool { flag.load(ordering: .acquiring) }
    func end() { flag.store(false, ordering: .releasing) }
  }

  struct Snapshot: Sendable {
    var modal: Entry?
    var hotkeys: [Entry]
    var passive: [Entry]
  }

  struct State: Sendable {
    var nextID: UInt64 = 1
    var modal: [Entry] = []
    var hotkeys: [Entry] = []
    var passive: [Entry] = []
    var pending: [Notification] = []
    var delivering = false

    var snapshot: Snapshot { Snapshot(modal: modal.last, hotkeys: hotkeys, passive: passive) }
  }

  let state = Mutex(State())

  /// Creates an empty center.
  public init() {}

  /// Registers a handler.
  ///
  /// - Parameters:
  ///   - name: only notifications with this name, or all when nil. Modal
  ///     handlers always see every notification.
  ///   - tier: where in the delivery order the handler sits.
  public func addObserver(
    for name: Notification.Name? = nil, tier: ObserverTier = .passive,
    handler: @escaping Handler
  ) -> ObserverToken {
    state.withLock { state in
      let token = ObserverToken(id: state.nextID)
      state.nextID += 1
      let alive = Liveness()
      switch tier {
      case .modal: state.modal.append(Entry(token: token, name: nil, handler: handler, alive: alive))
      case .hotkey: state.hotkeys.append(Entry(token: token, name: name, handler: handler, alive: alive))
      case .passive: state.passive.append(Entry(token: token, name: name, handler: handler, alive: alive))
      }
      return token
    }
  }

  /// Registers a passive observer that never consumes.
  public func observe(
    _ name: Notification.Name? = nil, _ body: @escaping @Sendable (Notification) -> Void
  ) -> ObserverToken {
    addObserver(for: name, tier: .passive) { notification in
      body(notification)
      return .pass
    }
  }

  /// Stops delivery to an observer; returns whether it was registered.
  @discardableResult
  public func removeObserver(_ token: ObserverToken) -> Bool {
    state.withLock { state in
      var found = false
      for list in [\State.modal, \State.hotkeys, \State.passive] {
        guard let index = state[keyPath: list].firstIndex(where: { $0.token == token }) else { continue }
        state[keyPath: list][index].alive.end()
        state[keyPath: list].remove(at: index)
        found = true
      }
      return found
    }
  }

  /// Runs `body` with an observer registered, removing it afterwards.
  @discardableResult
  public func withObserver<T>(
    for name: Notification.Name? = nil, tier: ObserverTier = .passive,
    handler: @escaping Handler, _ body: () throws -> T
  ) rethrows -> T {
    let token = addObserver(for: name, tier: tier, handler: handler)
    defer { removeObserver(token) }
    return try body()
  }

  /// The number of registered observers in each tier.
  public var observerCounts: (modal: Int, hotkey: Int, passive: Int) {
    state.withLock { ($0.modal.count, $0.hotkeys.count, $0.passive.count) }
  }

  /// Delivers a notification, or queues it when another delivery is under way.
  @discardableResult
  public func post(_ notification: Notification) -> DeliveryOutcome {
    let snapshot: Snapshot?? = state.withLock { state in
      if notification.keyEvent == nil, !state.hotkeys.contains(where: { $0.wants(notification) }),
        !state.passive.contains(where: { $0.wants(notification) })
      {
        return .some(nil)
      }
      if state.delivering {
        state.pending.append(notification)
        return nil
      }
      state.delivering = true
      return state.snapshot
    }
    guard let found = snapshot else { return .queued }
    guard let snapshot = found else { return .notConsumed }
    let outcome = deliver(notification, to: snapshot)
    while let (next, nextSnapshot) = nextPending() {
      _ = deliver(next, to: nextSnapshot)
    }
    return outcome
  }

  private func nextPending() -> (Notification, Snapshot)? {
    state.withLock { state in
      guard !state.pending.isEmpty else {
        state.delivering = false
        return nil
      }
      return (state.pending.removeFirst(), state.snapshot)
    }
  }

  private func isLive(_ entry: Entry) -> Bool { entry.alive.isAlive }

  private func deliver(_ notification: Notification, to snapshot: Snapshot) -> DeliveryOutcome {
    var outcome = DeliveryOutcome.notConsumed
    if notification.keyEvent != nil, let modal = snapshot.modal, isLive(modal),
      modal.handler(notification) == .consume
    {
      outcome = .consumedByModal
    }
    if outcome == .notConsumed {
      for entry in snapshot.hotkeys where entry.wants(notification) && isLive(entry) {
        if entry.handler(notification) == .consume {
          outcome = .consumedByHotkey
          break
        }
      }
    }
    for entry in snapshot.passive where entry.wants(notification) && isLive(entry) {
      _ = entry.handler(notification)
    }
    return outcome
  }
}
