import KeyMenuPluginAPI
import KeyMenuRuntime
import Logging
import Synchronization
import SystemPackage

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
  static let stopGraceMilliseconds: Int32 = 1000

  let wakeup: WakeEvent
  /// Raised by the routing thread on each change (see ChangeSignal).
  let changes = ChangeSignal()
  /// The newest stack, read on the loop's thread.
  let current: @Sendable () -> ModalSnapshot
  private let inbox = Mutex(Inbox())
  private let finished: WakeEvent
  private let settings: NotifySettings
  private let logger: Logger
  private let answer: @Sendable (_ alert: String, _ button: Int) -> Void

  /// Prepares the loop; ``start()`` starts its thread.
  init(
    settings: NotifySettings, logger: Logger, current: @escaping @Sendable () -> ModalSnapshot,
    answer: @escaping @Sendable (_ alert: String, _ button: Int) -> Void
  ) throws(BusError) {
    self.current = current
    do {
      wakeup = try WakeEvent()
      finished = try WakeEvent()
    } catch {
      throw BusError("eventfd", returned: -error.rawValue)
    }
    self.settings = settings
    self.logger = logger
    self.answer = answer
  }

  /// Starts the thread, which lives as long as the plugin runs.
  func start() {
    let error = RuntimeThread.start(name: "keymenu-notify") { [self] in
      NotifyWorker(loop: self, settings: settings, logger: logger, answer: answer).run()
      finished.raise()
    }
    if let error {
      logger.error("cannot start the notifications' thread: \(error.explained)")
      finished.raise()
    }
  }

  /// The stack changed; never blocks on the bus.
  func changed() {
    // Only a sleeping thread is signalled: a burst costs the routing thread
    // no syscall.
    if changes.raise() { wakeup.raise() }
  }

  /// Hands the thread new settings.
  func update(_ settings: NotifySettings) {
    inbox.withLock { $0.settings = settings }
    wakeup.raise()
  }

  /// Tells the thread to close its notifications and end; waits for it at
  /// most ``stopGraceMilliseconds``.
  func stop() {
    inbox.withLock { $0.stopping = true }
    wakeup.raise()
    finished.wait(milliseconds: Self.stopGraceMilliseconds)
  }

  /// Takes what waits, for the thread.
  func take() -> Inbox {
    inbox.withLock { inbox in
      defer { inbox.settings = nil }
      return inbox
    }
  }
}
