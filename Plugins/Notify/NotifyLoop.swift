import Dispatch
import KeyMenuPluginAPI
import Logging
import Synchronization

/// The Notify plugin's own thread, and what the engine hands to it.
///
/// The engine's observer only stores the newest modal snapshot here and
/// signals the thread, so key routing never waits on the bus. The thread
/// owns the bus connection and the ``NotifyMachine`` (in a ``NotifyWorker``)
/// and answers alerts through `answer`, which must hand the answer to the
/// engine's thread.
final class NotifyLoop: Sendable {
  /// What waits for the thread: only the newest of each.
  struct Inbox: Sendable {
    var settings: NotifySettings?
    var stopping = false
  }

  /// How long ``stop()`` waits for the thread to close its notifications.
  static let stopGrace: DispatchTimeInterval = .seconds(1)

  let wakeup: Wakeup
  /// Raised by the routing thread on each change (see ChangeSignal).
  let changes = ChangeSignal()
  /// The newest stack, read on the loop's thread.
  let current: @Sendable () -> ModalSnapshot
  private let inbox = Mutex(Inbox())
  private let finished = DispatchSemaphore(value: 0)
  private let settings: NotifySettings
  private let logger: Logger
  private let answer: @Sendable (_ alert: String, _ button: Int) -> Void

  /// Prepares the loop; ``start()`` starts its thread.
  init(
    settings: NotifySettings, logger: Logger, current: @escaping @Sendable () -> ModalSnapshot,
    answer: @escaping @Sendable (_ alert: String, _ button: Int) -> Void
  ) throws(BusError) {
    self.current = current
    wakeup = try Wakeup()
    self.settings = settings
    self.logger = logger
    self.answer = answer
  }

  /// Starts the thread: a dispatch queue's, which the worker keeps for as
  /// long as it runs (not Foundation's `Thread`: keymenud links no Foundation).
  func start() {
    DispatchQueue(label: "keymenu.notify").async { [self] in
      NotifyWorker(loop: self, settings: settings, logger: logger, answer: answer).run()
      finished.signal()
    }
  }

  /// The stack changed; never blocks on the bus.
  func changed() {
    // Only a sleeping thread is signalled: a burst costs the routing thread
    // no syscall.
    if changes.raise() { wakeup.signal() }
  }

  /// Hands the thread new settings.
  func update(_ settings: NotifySettings) {
    inbox.withLock { $0.settings = settings }
    wakeup.signal()
  }

  /// Tells the thread to close its notifications and end; waits for it at
  /// most ``stopGrace``.
  func stop() {
    inbox.withLock { $0.stopping = true }
    wakeup.signal()
    _ = finished.wait(timeout: .now() + Self.stopGrace)
  }

  /// Takes what waits, for the thread.
  func take() -> Inbox {
    inbox.withLock { inbox in
      defer { inbox.settings = nil }
      return inbox
    }
  }
}
