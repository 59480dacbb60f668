import KeyMenuEngineActor
import KeyMenuServer
import Logging

/// Readiness and shutdown as the service manager sees them: `READY=1` once
/// the devices are scanned and the socket listens, whichever comes last;
/// `RELOADING=1`/`READY=1` around reloads; `STOPPING=1` on the way out.
/// The core tells it on the engine thread (the socket's listening comes
/// through ``CoreAddress``), so its state is the engine thread's.
final class DaemonLifecycle: Sendable {
  private struct State {
    var scanned = false
    var listening = false
    var ready = false
  }

  let notifier: SystemdNotifier
  let logger: Logger
  /// Opened once the configuration is applied and the devices scanned: the
  /// socket server accepts connections from then on.
  let acceptGate: AcceptGate
  @EngineActor private var state = State()

  init(notifier: SystemdNotifier, logger: Logger, acceptGate: AcceptGate = AcceptGate()) {
    self.notifier = notifier
    self.logger = logger
    self.acceptGate = acceptGate
  }

  /// The configuration is applied (plugins started) and the first scan of
  /// the device directory is done.
  /// Whether this made the daemon ready.
  @discardableResult
  @EngineActor func devicesScanned() -> Bool {
    acceptGate.open()
    return update { $0.scanned = true }
  }

  /// The socket accepts connections. Whether this made the daemon ready.
  @discardableResult
  @EngineActor func listening() -> Bool { update { $0.listening = true } }

  func reloading() {
    notifier.notify("RELOADING=1\nMONOTONIC_USEC=\(SystemdNotifier.monotonicMicroseconds)")
  }

  func reloaded(status: String) { notifier.notify("READY=1\nSTATUS=\(status)") }

  func stopping() { notifier.notify("STOPPING=1") }

  @EngineActor private func update(_ change: (inout State) -> Void) -> Bool {
    change(&state)
    guard state.scanned, state.listening, !state.ready else { return false }
    state.ready = true
    notifier.notify("READY=1\nSTATUS=ready")
    logger.info("ready")
    return true
  }
}
