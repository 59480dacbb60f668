import Dispatch
import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuRouting
import Synchronization
import Testing

/// A real key notification (the modal tier sees only these).
func keyNotification(_ action: KeyAction = .down) -> Notification {
  .key(
    KeyEvent(code: .enter, name: "KEY_ENTER", action: action, modifiers: [], device: DeviceID(1), time: .zero)
  )
}

@Suite @EngineActor struct NotificationCenterTests {
  let center = NotificationCenter()
  let log = Recorder()

  func handler(_ label: String, _ disposition: Disposition = .pass) -> NotificationCenter.Handler {
    { [log] notification in
      log.record("\(label):\(notification.name)")
      return disposition
    }
  }

  @Test func modalThenHotkeysThenPassive() {
    _ = center.addObserver(tier: .passive, handler: handler("passive"))
    _ = center.addObserver(tier: .hotkey, handler: handler("hotkey"))
    _ = center.addObserver(tier: .modal, handler: handler("modal"))
    #expect(center.post(keyNotification()) == .notConsumed)
    #expect(log.all == ["modal:key.down", "hotkey:key.down", "passive:key.down"])
  }

  @Test func modalConsumeStopsHotkeysButNotPassive() {
    _ = center.addObserver(tier: .hotkey, handler: handler("hotkey"))
    _ = center.addObserver(tier: .passive, handler: handler("passive"))
    _ = center.addObserver(tier: .modal, handler: handler("modal", .consume))
    #expect(center.post(keyNotification()) == .consumedByModal)
    #expect(log.all == ["modal:key.down", "passive:key.down"])
  }

  @Test func onlyTheFrontModalSeesNotificationsAndTheOneBelowReturns() {
    _ = center.addObserver(tier: .modal, handler: handler("menu", .consume))
    let alert = center.addObserver(tier: .modal, handler: handler("alert", .consume))
    center.post(keyNotification(.down))
    center.post(keyNotification(.up))
    center.removeObserver(alert)
    center.post(keyNotification(.down))
    #expect(log.all == ["alert:key.down", "alert:key.up", "menu:key.down"])
  }

  @Test func firstConsumingHotkeyEndsTheHotkeyStage() {
    _ = center.addObserver(for: "key.down", tier: .hotkey, handler: handler("first", .consume))
    _ = center.addObserver(for: "key.down", tier: .hotkey, handler: handler("second"))
    _ = center.addObserver(for: "key.up", tier: .hotkey, handler: handler("up-only"))
    #expect(center.post(Notification("key.down")) == .consumedByHotkey)
    #expect(center.post(Notification("key.up")) == .notConsumed)
    #expect(log.all == ["first:key.down", "up-only:key.up"])
  }

  @Test func removingAnObserverDuringDeliverySkipsItAtOnce() {
    let tokens = Mutex<[ObserverToken]>([])
    let first = center.addObserver { [center, log] notification in
      log.record("first:\(notification.name)")
      for token in tokens.withLock({ $0 }) { center.removeObserver(token) }
      return .pass
    }
    let second = center.observe { [log] in log.record("second:\($0.name)") }
    tokens.withLock { $0 = [second] }
    center.post(Notification("x"))
    center.post(Notification("y"))
    #expect(log.all == ["first:x", "first:y"])
    #expect(center.removeObserver(first))
    #expect(!center.removeObserver(second))
  }

  @Test func addingAnObserverDuringDeliveryStartsWithTheNextNotification() {
    let added = Mutex(false)
    _ = center.observe { [center, log] notification in
      log.record("outer:\(notification.name)")
      let first = added.withLock { old in
        defer { old = true }
        return !old
      }
      if first { _ = center.observe { log.record("late:\($0.name)") } }
    }
    center.post(Notification("x"))
    center.post(Notification("y"))
    #expect(log.all == ["outer:x", "outer:y", "late:y"])
  }

  /// A notification posted by a handler is delivered after the current one,
  /// so every observer sees the same order.
  @Test func postsDuringDeliveryAreQueuedInOrder() {
    let outcomes = Recorder()
    _ = center.addObserver(tier: .modal) { [center, log] notification in
      log.record("modal:\(notification.name)")
      if notification.name == "key.down" {
        outcomes.record("\(center.post(Notification("alert.answered")))")
        return .consume
      }
      return .pass
    }
    _ = center.observe { [log] in log.record("passive:\($0.name)") }
    #expect(center.post(keyNotification()) == .consumedByModal)
    #expect(outcomes.all == ["queued"])
    #expect(log.all == ["modal:key.down", "passive:key.down", "passive:alert.answered"])
  }

  @Test func scopedObserverIsRemovedAfterTheBlock() {
    center.withObserver(handler: handler("scoped")) {
      center.post(Notification("inside"))
    }
    center.post(Notification("outside"))
    #expect(log.all == ["scoped:inside"])
    #expect(center.observerCounts == (0, 0, 0))
  }

  @Test func modalHandlersSeeOnlyKeysAndUnobservedNotificationsAreDropped() {
    _ = center.addObserver(tier: .modal, handler: handler("modal", .consume))
    #expect(center.post(Notification("alert.answered")) == .notConsumed)
    _ = center.observe("alert.answered") { [log] in log.record("passive:\($0.name)") }
    #expect(center.post(Notification("alert.answered")) == .notConsumed)
    #expect(center.post(Notification("menu.selected")) == .notConsumed)
    #expect(log.all == ["passive:alert.answered"])
  }

  /// A key press belongs to whoever consumed its down: the release goes to
  /// that handler, or is swallowed when it has gone, never to the next one.
  @Test func theReleaseOfAConsumedKeyNeverLeaksToTheNextHandler() {
    _ = center.addObserver(tier: .modal, handler: handler("menu", .consume))
    let alert = center.addObserver(tier: .modal, handler: handler("alert", .consume))
    _ = center.addObserver(tier: .hotkey, handler: handler("hotkey", .consume))
    #expect(center.post(keyNotification(.down)) == .consumedByModal)
    center.removeObserver(alert)
    #expect(center.post(keyNotification(.repeat)) == .consumedByModal)
    #expect(center.post(keyNotification(.up)) == .consumedByModal)
    #expect(center.post(keyNotification(.up)) == .consumedByModal)
    #expect(log.all == ["alert:key.down", "menu:key.up"])
  }

  @Test func namedAndUnnamedPassiveObserversKeepRegistrationOrder() {
    let first = center.observe("ping") { [log] _ in log.record("named 1") }
    _ = center.observe { [log] _ in log.record("all 2") }
    _ = center.observe("ping") { [log] _ in log.record("named 3") }
    _ = center.observe("pong") { [log] _ in log.record("other name") }
    _ = center.observe { [log] _ in log.record("all 5") }
    center.post(Notification("ping"))
    center.removeObserver(first)
    center.post(Notification("ping"))
    #expect(log.all == ["named 1", "all 2", "named 3", "all 5", "all 2", "named 3", "all 5"])
    #expect(center.observerCounts.passive == 4)
  }

  @Test func payloadsAndKeyNotifications() {
    let notification = Notification("custom", payload: 42)
    #expect(notification.payload(as: Int.self) == 42)
    #expect(notification.payload(as: String.self) == nil)
    #expect(notification.keyEvent == nil)
  }

  /// Threads posting and adding/removing observers at once, each through
  /// the engine's executor (its one way in from another thread): no crash,
  /// no lost notification, nothing left registered.
  @Test nonisolated func concurrentUseThroughTheExecutorIsSafe() async {
    let center = NotificationCenter()
    let delivered = Mutex(0)
    let counter = await center.observe("tick") { _ in delivered.withLock { $0 += 1 } }
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<500 {
        EngineExecutor.shared.runIsolated {
          let token = center.observe { _ in }
          center.post(Notification("tick"))
          center.removeObserver(token)
        }
      }
    }
    #expect(delivered.withLock { $0 } == 8 * 500)
    await center.removeObserver(counter)
    #expect(await center.observerCounts == (0, 0, 0))
  }
}
