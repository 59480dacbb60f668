import KeyMenuEngineActor

/// How other threads reach the daemon's core (the socket server's event
/// loop, the service group): a job queued on the engine's executor
/// (``EngineExecutor/execute(_:)``, the one way onto the engine thread from
/// outside), which gets the ``DaemonCore`` there, in order with key events
/// and every other job. The core itself is never shared across threads.
///
/// Jobs queued before the engine thread made the core wait on the executor
/// (``EngineExecutor/expectEngineThread()``); a job that finds the core gone
/// (the daemon stopped) does nothing. The core's engine hands its plugins'
/// jobs (``PluginHost/perform(_:)``) over the same way.
final class CoreAddress: Sendable {
  typealias Job = @Sendable @EngineActor (DaemonCore) -> Void

  /// How a job reaches the engine thread: the engine's executor in
  /// keymenud. The in-process test kit, which drives the core from the
  /// test's own thread (its clients' channels are that thread's), keeps
  /// the jobs itself and runs them when it settles.
  let handOver: @Sendable (@escaping @Sendable @EngineActor () -> Void) -> Void

  /// The core, once the engine thread made it.
  @EngineActor private weak var core: DaemonCore?

  /// How a job is carried out at once on the calling thread, when the
  /// engine thread waits and lends its turn (``postHere(_:)``); false when
  /// it was not. keymenud's is the engine's executor; the test kit runs
  /// nothing here.
  let runHere: @Sendable (@Sendable @EngineActor () -> Void) -> Bool

  init(
    handOver: @escaping @Sendable (@escaping @Sendable @EngineActor () -> Void) -> Void = {
      EngineExecutor.shared.execute($0)
    },
    runHere: @escaping @Sendable (@Sendable @EngineActor () -> Void) -> Bool = {
      EngineExecutor.shared.runHereIfWaiting($0)
    }
  ) {
    self.handOver = handOver
    self.runHere = runHere
  }

  /// Engine thread: jobs from now on go to `core`.
  @EngineActor func deliver(to core: DaemonCore) { self.core = core }

  /// Queues a job for the core; callable from any thread.
  func post(_ job: @escaping Job) {
    handOver { [self] in
      if let core { job(core) }
    }
  }

  /// Carries out a job for the core on the calling thread if the engine
  /// thread is waiting (it lends its turn), else queues it (``post(_:)``):
  /// for a request read on the socket server's event loop, whose answer
  /// and notifications are then written there at once, without waking the
  /// engine thread and then the event loop again (two hand-overs, about
  /// 0.1 ms of a key's way to the overlay's pixels).
  func postHere(_ job: @escaping Job) {
    let ran = runHere { [self] in
      if let core { job(core) }
    }
    if !ran { post(job) }
  }
}
