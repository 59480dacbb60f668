import Glibc
import KeyMenuEngineActor
import KeyMenuEvdev
import KeyMenuRuntime
import Logging
import ServiceLifecycle

/// Runs the input loop's reactor, and with it the engine, on a thread of its
/// own (keymenud lends it the main thread, ``MainThreadHost``); it blocks in
/// `poll()` and so cannot share a cooperative thread.
///
/// It ends on SIGTERM/SIGINT (read from a signalfd, see ``StopSignals``) or
/// on the group's graceful shutdown; either way the plugins stop (what the
/// modal kinds show ends) and grabs are released before it returns.
final class EngineService: Service, Sendable {
  let loop: InputLoop
  let address: CoreAddress
  let makeCore: @Sendable @EngineActor () -> DaemonCore
  let logger: Logger
  let startThread: Daemon.ThreadStarter

  init(
    loop: InputLoop, address: CoreAddress, logger: Logger, startThread: @escaping Daemon.ThreadStarter,
    makeCore: @escaping @Sendable @EngineActor () -> DaemonCore
  ) {
    self.loop = loop
    self.address = address
    self.logger = logger
    self.startThread = startThread
    self.makeCore = makeCore
  }

  func run() async throws {
    let loop = loop
    let makeCore = makeCore
    let stop: @Sendable () -> Void = { [address] in
      address.post { core in
        core.shutDown()
        core.control?.stop()
      }
    }
    // Graceful shutdown (SIGTERM through the group) or cancellation (another
    // service failed, such as a socket already in use) both end the loop.
    try await withTaskCancellationHandler {
      try await withGracefulShutdownHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
          // A plain thread, not a DispatchQueue: libdispatch's worker pool
          // keeps a 1 s timer running once it has a thread (idle wake-ups).
          let started = startThread {
            // The thread becomes the engine thread: EngineActor's jobs run on
            // it between two polls, in order with key events, and the core
            // lives in its isolation domain.
            let result = EngineExecutor.shared.runAsEngineThread(wake: { loop.wakeDriver() }) {
              () -> Result<Void, EvdevError> in
              let core = makeCore()
              return Result { () throws(EvdevError) in
                try loop.run(driver: core, executor: .shared) { core.handle($0) }
              }
            }
            continuation.resume(with: result.mapError { $0 as any Error })
          }
          if let error = started { continuation.resume(throwing: error) }
        }
      } onGracefulShutdown: {
        stop()
      }
    } onCancel: {
      stop()
    }
  }
}
