public import KeyMenuCore
public import KeyMenuEngineActor
public import KeyMenuPluginAPI

/// Delivers notifications to modal handlers, hotkey bindings and passive
/// observers, in that order. Modal handlers see key notifications only; a
/// notification that no hotkey or passive observer wants is dropped at once.
/// A key press belongs to whoever consumed its `down`: its repeats and its
/// `up` go to that handler (or are swallowed once it is gone), never to the
/// next one, so nothing leaks when an alert or menu closes on a key.
///
/// Delivery is synchronous and runs to completion: a notification posted
/// while another one is being delivered (an alert answering a key, say) is
/// queued and delivered right after it, so every observer sees notifications
/// in one global order. The observer list is snapshotted per notification:
/// an observer added while a notification is delivered starts with the next
/// one, and one removed is not called again, even later in the same delivery.
/// The center is the engine's (``EngineActor``); handlers run on the engine
/// thread and may add and remove observers and post freely.
///
/// No type-ahead into a modal nobody has seen yet: a key pressed on a
/// device before a modal handler was added (its kernel timestamp earlier
/// than ``inputClock`` read then, by less than ``typeAheadWindow``) does
/// not reach that handler, as whiptail and dialog drop what was typed
/// before their box opened; it goes on to the hotkeys. Keys a client
/// presses (`modal.press`, synthetic) and a clock stepped back further
/// than the window are not held back.
@EngineActor
public final class NotificationCenter {
  /// The clock the kernel stamps input events with (CLOCK_REALTIME), read
  /// when a modal handler is added; nil (tests, `keymenuctl simulate`):
  /// every key reaches every modal handler.
  let inputClock: (@Sendable () -> KernelTime)?
  /// How much earlier than a modal handler a key may have been pressed and
  /// still be held back from it: longer than any engine backlog, short
  /// enough that a wall clock stepped back does not hold keys for long.
  public nonisolated static let typeAheadWindow: Int64 = 2_000_000

  /// An empty center; `inputClock` reads the clock input events are stamped with.
  nonisolated public init(inputClock: (@Sendable () -> KernelTime)? = nil) {
    self.inputClock = inputClock
  }

  /// The stack of the last `modal.changed` posted: what presenters show.
  public private(set) var latestModalSnapshot = ModalSnapshot()
  /// The same stack for presenters' own threads.
  public nonisolated let latestModal = LatestModalSnapshot()

  /// A handler; modal and hotkey handlers decide whether to consume, a
  /// passive observer's answer is ignored.
  public typealias Handler = @Sendable @EngineActor (Notification) -> Disposition

  struct Entry {
    let token: ObserverToken
    let name: Notification.Name?
    let handler: Handler
    /// Cleared on removal and read before every call, so a removed
    /// observer is never called again, even later in a delivery.
    let alive: Liveness
    /// A modal handler's start on the input clock: keys pressed before it
    /// (within the window) are not its.
    var since: KernelTime? = nil

    /// Whether `key` was pressed on a device before this handler came.
    func predates(_ key: KeyEvent) -> Bool {
      guard let since, key.action == .down, !key.isSynthetic, key.time < since else { return false }
      return since.microsecondsSince(key.time) < NotificationCenter.typeAheadWindow
    }

    func wants(_ notification: Notification) -> Bool { name == nil || name == notification.name }
  }

  final class Liveness {
    private(set) var isAlive = true
    func end() { isAlive = false }
  }

  struct KeySlot: Hashable, Sendable {
    let device: DeviceID
    let code: KeyCode
  }

  struct Snapshot {
    var modal: Entry?
    var hotkeys: [Entry]
    /// Passive observers of every notification, and of this name only; each
    /// in registration order, merged by token when delivered.
    var passiveAll: [Entry]
    var passiveNamed: [Entry]
  }

  struct State {
    var nextID: UInt64 = 1
    var modal: [Entry] = []
    var hotkeys: [Entry] = []
    /// Passive observers without a name filter.
    var passive: [Entry] = []
    /// Passive observers by the name they filter on, so a delivery never
    /// walks observers of other names.
    var passiveByName: [Notification.Name: [Entry]] = [:]
    /// Notifications posted during a delivery, each with whether it goes
    /// to the front modal handler only (``NotificationCenter/postToModal(_:)``).
    var pending: [(notification: Notification, modalOnly: Bool)] = []
    var delivering = false
    /// Who consumed each key that is still down (per device): its repeats and
    /// its release belong to that handler, or to nobody once it is gone.
    var keyOwners: [KeySlot: (entry: Entry, outcome: DeliveryOutcome)] = [:]
  }

  /// Read field by field, never whole: a copy of the state would retain
  /// every list in it, on every key.
  var state = State()

  private func snapshot(for notification: Notification, modalOnly: Bool = false) -> Snapshot {
    if modalOnly { return Snapshot(modal: state.modal.last, hotkeys: [], passiveAll: [], passiveNamed: []) }
    return Snapshot(
      modal: state.modal.last, hotkeys: state.hotkeys, passiveAll: state.passive,
      passiveNamed: state.passiveByName[notification.name] ?? [])
  }

  private func isObserved(_ notification: Notification) -> Bool {
    notification.keyEvent != nil || notification.name == .modalTapped || !state.passive.isEmpty
      || state.passiveByName[notification.name] != nil
      || state.hotkeys.contains { $0.wants(notification) }
  }

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
    let token = ObserverToken(id: state.nextID)
    state.nextID += 1
    let alive = Liveness()
    switch tier {
    case .modal:
      state.modal.append(Entry(token: token, name: nil, handler: handler, alive: alive, since: inputClock?()))
    case .hotkey: state.hotkeys.append(Entry(token: token, name: name, handler: handler, alive: alive))
    case .passive:
      let entry = Entry(token: token, name: name, handler: handler, alive: alive)
      if let name {
        state.passiveByName[name, default: []].append(entry)
      } else {
        state.passive.append(entry)
      }
    }
    return token
  }

  /// Registers a passive observer that never consumes.
  public func observe(
    _ name: Notification.Name? = nil, _ body: @escaping @Sendable @EngineActor (Notification) -> Void
  ) -> ObserverToken {
    addObserver(for: name, tier: .passive) { notification in
      body(notification)
      return .pass
    }
  }

  /// Stops delivery to an observer; returns whether it was registered.
  @discardableResult
  public func removeObserver(_ token: ObserverToken) -> Bool {
    var found = false
    for list in [\State.modal, \State.hotkeys, \State.passive] {
      guard let index = state[keyPath: list].firstIndex(where: { $0.token == token }) else { continue }
      state[keyPath: list][index].alive.end()
      state[keyPath: list].remove(at: index)
      found = true
    }
    for (name, entries) in state.passiveByName {
      guard let index = entries.firstIndex(where: { $0.token == token }) else { continue }
      entries[index].alive.end()
      state.passiveByName[name]?.remove(at: index)
      if state.passiveByName[name]?.isEmpty == true { state.passiveByName[name] = nil }
      found = true
    }
    return found
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
    (
      state.modal.count, state.hotkeys.count,
      state.passive.count + state.passiveByName.values.map(\.count).reduce(0, +)
    )
  }

  /// Delivers a notification, or queues it when another delivery is under way.
  @discardableResult
  public func post(_ notification: Notification) -> DeliveryOutcome { post(notification, modalOnly: false) }

  /// Delivers a key notification to the modal handler in front only (no
  /// hotkey binding or passive observer sees it), or queues it when another
  /// delivery is under way: a key a client presses on its own modal
  /// (`modal.press`), a presenter's tap (`modal.tapped`). The rest of a
  /// consumed press goes to its consumer as for every key.
  @discardableResult
  public func postToModal(_ notification: Notification) -> DeliveryOutcome {
    guard notification.keyEvent != nil || notification.name == .modalTapped else { return .notConsumed }
    return post(notification, modalOnly: true)
  }

  private func post(_ notification: Notification, modalOnly: Bool) -> DeliveryOutcome {
    if let modal = notification.modalSnapshot {
      latestModalSnapshot = modal
      // One store per change for every presenter's thread to read from
      // (PluginHost.latestModal), instead of one hand-over per presenter.
      latestModal.store(modal)
    }
    guard isObserved(notification) else { return .notConsumed }
    if state.delivering {
      state.pending.append((notification, modalOnly))
      return .queued
    }
    state.delivering = true
    let snapshot = snapshot(for: notification, modalOnly: modalOnly)
    let outcome = deliver(notification, to: snapshot)
    while let (next, nextSnapshot) = nextPending() {
      _ = deliver(next, to: nextSnapshot)
    }
    return outcome
  }

  private func nextPending() -> (Notification, Snapshot)? {
    guard !state.pending.isEmpty else {
      state.delivering = false
      return nil
    }
    let next = state.pending.removeFirst()
    return (next.notification, snapshot(for: next.notification, modalOnly: next.modalOnly))
  }

  private func isLive(_ entry: Entry) -> Bool { entry.alive.isAlive }

  private func deliver(_ notification: Notification, to snapshot: Snapshot) -> DeliveryOutcome {
    var outcome = DeliveryOutcome.notConsumed
    if let key = notification.keyEvent, key.action != .down,
      let owner = key.action == .up
        ? state.keyOwners.removeValue(forKey: KeySlot(device: key.device, code: key.code))
        : state.keyOwners[KeySlot(device: key.device, code: key.code)]
    {
      // The rest of a consumed key press: to its consumer, or swallowed.
      if isLive(owner.entry) { _ = owner.entry.handler(notification) }
      outcome = owner.outcome
    } else {
      var consumer: Entry?
      // Keys, and a presenter's taps, go to the modal handler in front first.
      let forModal =
        notification.keyEvent.map { key in snapshot.modal.map { !$0.predates(key) } ?? false }
        ?? (notification.name == .modalTapped)
      if forModal, let modal = snapshot.modal, isLive(modal), modal.handler(notification) == .consume {
        outcome = .consumedByModal
        consumer = modal
      }
      if outcome == .notConsumed {
        for entry in snapshot.hotkeys where entry.wants(notification) && isLive(entry) {
          if entry.handler(notification) == .consume {
            outcome = .consumedByHotkey
            consumer = entry
            break
          }
        }
      }
      if let consumer, let key = notification.keyEvent, key.action == .down {
        state.keyOwners[KeySlot(device: key.device, code: key.code)] = (consumer, outcome)
      }
    }
    var all = snapshot.passiveAll[...]
    var named = snapshot.passiveNamed[...]
    while let entry = Self.nextInOrder(&all, &named) {
      if isLive(entry) { _ = entry.handler(notification) }
    }
    return outcome
  }

  /// The older of the two lists' first entries (tokens grow with registration).
  private static func nextInOrder(_ a: inout ArraySlice<Entry>, _ b: inout ArraySlice<Entry>) -> Entry? {
    switch (a.first, b.first) {
    case (let x?, let y?): return x.token.id < y.token.id ? a.popFirst() : b.popFirst()
    case (.some, nil): return a.popFirst()
    case (nil, .some): return b.popFirst()
    case (nil, nil): return nil
    }
  }
}
