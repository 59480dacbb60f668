import Glibc
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuRuntime
import Logging
import Synchronization
import SystemPackage

/// Carries out ``ConsoleMachine``'s actions on a thread of its own, so the
/// engine's thread only hands over a snapshot and never waits on the
/// terminal: a write that would block leaves the rest for later, and the
/// snapshots that come meanwhile replace each other.
final class ConsoleWriter: Sendable {
  /// How long stopping waits for a terminal that takes no output.
  static let stopLimit: Duration = .seconds(1)

  private let machine: Mutex<ConsoleMachine>
  private let wake: WakeEvent
  /// Raised by the routing thread on each change (see ChangeSignal).
  private let changes = ChangeSignal()
  /// The newest stack, read on the writer's thread.
  private let current: @Sendable () -> ModalSnapshot
  private let logger: Logger
  private let finished: WakeEvent
  /// Whether ``start()`` started the thread; the engine thread's.
  @EngineActor private var started = false

  /// A writer for `settings`; ``start()`` runs it.
  init(settings: ConsoleSettings, logger: Logger, current: @escaping @Sendable () -> ModalSnapshot)
    throws(ConsoleProblem)
  {
    self.current = current
    self.machine = Mutex(ConsoleMachine(settings: settings))
    do {
      wake = try WakeEvent()
      finished = try WakeEvent()
    } catch {
      throw ConsoleProblem(.open, device: "a wake-up eventfd", errno: error.rawValue)
    }
    self.logger = logger
  }

  /// Starts the writer's thread: it opens the device at once.
  @EngineActor func start() {
    if let error = RuntimeThread.start(name: "keymenu-console", { self.run() }) {
      logger.error("cannot start the console writer's thread: \(error.explained)")
      return
    }
    started = true
  }

  /// The stack changed; returns at once. Only a sleeping writer is woken:
  /// during a burst of changes the routing thread makes no syscall.
  func changed() {
    if changes.raise() { wake.raise() }
  }

  /// New settings (a reload); returns at once.
  func configure(_ settings: ConsoleSettings) {
    machine.withLock { $0.configure(settings) }
    wake.raise()
  }

  /// Erases what was drawn and closes the device; waits for that, but not
  /// much longer than ``stopLimit`` for a terminal that takes nothing.
  @EngineActor func stop() {
    machine.withLock { $0.stop() }
    wake.raise()
    guard started else { return }
    // The writer gives up on the terminal after stopLimit; this bound only
    // guards against a writer that never got to run.
    finished.wait(milliseconds: 3000)
  }

  private func run() {
    var device: ConsoleDevice?
    var event: ConsoleMachine.Event?
    /// Whether the writer already waited a moment for more changes since it last worked.
    var rested = true
    while true {
      if changes.take() {
        let snapshot = current()
        machine.withLock { $0.show(snapshot) }
        rested = false
      }
      let action = machine.withLock { $0.next(after: event) }
      event = nil
      switch action {
      case .open(let path):
        do {
          device = try ConsoleDevice(path: path)
          event = .opened
        } catch {
          event = .openFailed(error)
        }
      case .measure:
        let size = device?.size ?? (columns: 0, rows: 0)
        event = .measured(columns: size.columns, rows: size.rows)
      case .write(let bytes):
        // Without a device (never: it writes only when open), a failure.
        event = device?.write(bytes) ?? .writeFailed(ConsoleProblem(.write, device: "?", errno: EBADF))
      case .waitUntilWritable(let bounded):
        // Without a device (never), the next write reports it.
        guard let device else {
          event = .writable
          continue
        }
        event = device.waitUntilWritable(orWoken: wake, timeout: bounded ? Self.stopLimit : nil)
      case .close:
        device = nil
      case .log(let level, let message):
        logger.log(level: level, "\(message)")
      case .sleep:
        // Stay awake 5 ms after drawing: the next change of a burst is taken
        // without a wake-up. Then sleep, unless a snapshot came meanwhile.
        if !rested {
          rested = true
          usleep(5000)
          continue
        }
        if changes.sleepUnlessChanged() {
          rested = false
          continue
        }
        wake.wait()
      case .finish:
        device = nil
        finished.raise()
        return
      }
    }
  }
}
