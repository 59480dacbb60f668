#if DEBUG
  import KeyMenuEngineActor
  import Synchronization

  /// The in-process daemon's jobs for its core (``CoreAddress``'s hand-over
  /// in the kit): kept here and run by ``InProcessDaemon/settle()`` on the
  /// test's thread, in its engine turn, since the clients' embedded
  /// channels may be used only from the thread that made them. The
  /// executor's helper thread never runs them.
  final class KitQueue: Sendable {
    private let jobs = Mutex<[@Sendable @EngineActor () -> Void]>([])

    /// Keeps a job for the next settle.
    func add(_ job: @escaping @Sendable @EngineActor () -> Void) { jobs.withLock { $0.append(job) } }

    /// Runs the jobs kept so far, oldest first; those they add wait for the next call.
    @EngineActor func runAll() {
      let taken = jobs.withLock { jobs in
        defer { jobs = [] }
        return jobs
      }
      for job in taken { job() }
    }

    /// Whether jobs wait.
    var isEmpty: Bool { jobs.withLock { $0.isEmpty } }
  }
#endif
