import KeyMenuEngineActor
import KeyMenuRuntime
import Synchronization

/// Work handed to the engine thread from other threads (the socket server's
/// event loop, the service group).
///
/// Everything that touches the engine runs on its one thread, in order; a
/// job gets the ``DaemonCore`` as its argument, so the core itself is never
/// shared across threads.
final class EngineMailbox: Sendable {
  typealias Job = @Sendable @EngineActor (DaemonCore) -> Void

  private let jobs = Mutex<[Job]>([])
  private let wake: @Sendable () -> Void

  init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

  /// Queues a job; wakes the engine thread if it was the first one waiting.
  func post(_ job: @escaping Job) {
    let first = jobs.withLock { jobs in
      jobs.append(job)
      return jobs.count == 1
    }
    if first { wake() }
  }

  /// Takes every waiting job, oldest first. The queue starts again from
  /// an empty array: keeping its capacity would keep the largest backlog
  /// ever seen (a flood of requests) for the daemon's lifetime, and as the
  /// taken array still shares that buffer, `removeAll(keepingCapacity:)`
  /// would also allocate a fresh buffer of that size at every wake.
  func take() -> [Job] {
    jobs.withLock { jobs in
      var taken: [Job] = []
      swap(&taken, &jobs)
      return taken
    }
  }
}
