import Glibc
import Synchronization

/// The engine thread's serial executor: jobs queued from any thread (Swift
/// concurrency's jobs for ``EngineActor``) run in order on the one thread that
/// adopted it, when that thread calls ``runPending()`` between two waits of
/// its reactor. Written by hand because the engine thread blocks in `poll()`
/// on devices, signals and sockets: no executor of the standard library or
/// of NIO can own that thread.
///
/// The thread also enters the actor's isolation synchronously, for the
/// events its own reactor reads (``EngineActor/assumeIsolated(_:)`` is
/// allowed there: ``isIsolatingCurrentContext()`` says so), so key events
/// keep their run-to-completion order.
public final class EngineExecutor: SerialExecutor, Sendable {
  /// The process's one engine executor.
  public static let shared = EngineExecutor()

  private struct State {
    var jobs: [UnownedJob] = []
    var wake: (@Sendable () -> Void)?
    var owner: pthread_t?
  }

  private let state = Mutex(State())

  private init() {}

  /// Makes the calling thread the engine thread; `wake` is called (from any
  /// thread) when a job arrives while none waits, so that the thread's
  /// reactor returns from its wait and calls ``runPending()``.
  public func adoptCurrentThread(wake: @escaping @Sendable () -> Void) {
    state.withLock {
      $0.owner = pthread_self()
      $0.wake = wake
    }
  }

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let wake = state.withLock { state -> (@Sendable () -> Void)? in
      state.jobs.append(job)
      return state.jobs.count == 1 ? state.wake : nil
    }
    wake?()
  }

  /// Runs every job queued so far, oldest first; on the engine thread only.
  /// Jobs they queue wait for the next call (the reactor is woken for them).
  public func runPending() {
    let jobs = state.withLock { state in
      defer { state.jobs.removeAll(keepingCapacity: true) }
      return state.jobs
    }
    for job in jobs { job.runSynchronously(on: asUnownedSerialExecutor()) }
  }

  public func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }

  /// Whether the calling thread is the engine thread.
  public func isIsolatingCurrentContext() -> Bool? {
    guard let owner = state.withLock({ $0.owner }) else { return false }
    return pthread_equal(owner, pthread_self()) != 0
  }

  public func checkIsolated() {
    precondition(isIsolatingCurrentContext() == true, "not on the engine thread")
  }
}

/// The engine's isolation domain: code marked `@EngineActor` runs on the
/// engine thread (``EngineExecutor``), so engine-confined state needs no
/// lock and the compiler checks that nothing reaches it from elsewhere.
@globalActor public actor EngineActor {
  /// The actor.
  public static let shared = EngineActor()

  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    EngineExecutor.shared.asUnownedSerialExecutor()
  }

  /// Runs `operation` isolated to the engine, synchronously: for the engine
  /// thread's own reactor, outside any job. Traps on any other thread.
  ///
  /// What `MainActor.assumeIsolated` does for the main actor (the standard
  /// library has it for no other global actor): the isolation is checked
  /// at run time, then the closure is called as a nonisolated one.
  public static func assumeIsolated<T: Sendable>(_ operation: @EngineActor () throws -> T) rethrows -> T {
    EngineExecutor.shared.checkIsolated()
    typealias Nonisolated = () throws -> T
    return try withoutActuallyEscaping(operation) { isolated in
      try unsafeBitCast(isolated, to: Nonisolated.self)()
    }
  }
}
