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
/// events its own reactor reads (``runAsEngineThread(wake:_:)``), so key
/// events keep their run-to-completion order.
///
/// A process whose engine has no thread of its own (the test runner,
/// `keymenuctl simulate`) gets one on demand: a job queued while no thread
/// adopted the executor wakes a helper thread (``TurnTaker``) that takes
/// the engine's turn and runs it.
public final class EngineExecutor: SerialExecutor, Sendable {
  /// The process's one engine executor.
  public static let shared = EngineExecutor()

  /// A queued job: Swift concurrency's, or a closure (``execute(_:)``).
  private enum Job {
    case task(UnownedJob)
    case closure(@Sendable @EngineActor () -> Void)
  }

  private struct State {
    /// The queue: jobs taken are nil until the buffer is cut down.
    var jobs: [Job?] = []
    /// Where the oldest job not taken yet is in `jobs`.
    var next = 0
    var wake: (@Sendable () -> Void)?
    var owner: pthread_t?
    /// Whether a thread adopted the executor for good (no turns, no helper),
    /// or will (``EngineExecutor/expectEngineThread()``).
    var adoptedForGood = false
    /// Whether the thread that adopted the executor for good waits in its
    /// reactor and lends its turn meanwhile (``lendingTurn(_:)``).
    var lent = false
    /// What a borrowed turn ends with (``setEndOfBorrowedTurn(_:)``).
    var endOfBorrowedTurn: (@Sendable @EngineActor () -> Void)?

    /// Who runs a job that arrives now: the adopting thread's wake, else
    /// the helper thread (none once a thread adopted for good).
    var waker: (@Sendable () -> Void)? {
      wake ?? (adoptedForGood ? nil : { @Sendable in TurnTaker.shared.wake() })
    }

    /// The most jobs the queue keeps room for once it is empty again.
    static let keptCapacity = 256

    var isEmpty: Bool { next == jobs.count }

    /// Appends a job; whether the queue was empty (the engine thread may be waiting).
    mutating func append(_ job: Job) -> Bool {
      let wasEmpty = isEmpty
      jobs.append(job)
      return wasEmpty
    }

    /// The oldest job, if any. Its slot lets go of it at once: a job holds
    /// what it carries out (a request's parsed params: a 60 KB text box), and
    /// a queue that a flood keeps from emptying kept every job it had run
    /// until it did (the soak's hostile phase peaked 60 MiB higher).
    mutating func takeFirst() -> Job? {
      guard !isEmpty else { return nil }
      let job = jobs[next]
      jobs[next] = nil
      next += 1
      if next == jobs.count {
        // A small queue keeps its buffer; one a flood grew gives it back.
        jobs.removeAll(keepingCapacity: jobs.capacity <= Self.keptCapacity)
        next = 0
      } else if next >= Self.keptCapacity, next * 2 >= jobs.count {
        // A queue that never empties drops its taken slots once they are
        // half of it, rather than growing for as long as the flood lasts.
        jobs.removeFirst(next)
        next = 0
      }
      return job
    }
  }

  private let state = Mutex(State())
  /// `state.owner` (0: none), stored whenever it changes, so that the
  /// isolation check every engine call makes takes no lock. Only the owner
  /// stores its own id and clears it, so a thread that reads its id here is
  /// the owner, and one that reads anything else is not.
  private let ownerID = Atomic<UInt>(0)
  /// Held by the thread whose turn it is (``runAsEngineThread(_:)``).
  private let turn = Mutex(())

  private init() {}

  /// Makes the calling thread the engine thread; `wake` is called (from any
  /// thread) when a job arrives while none waits, so that the thread's
  /// reactor returns from its wait and calls ``runPending()``.
  ///
  /// One thread per process: adopting from a second thread traps.
  public func adoptCurrentThread(wake: @escaping @Sendable () -> Void) {
    // Under the turn lock: a helper thread in the middle of a turn ends it first.
    let (adopted, queued) = turn.withLock { _ in
      state.withLock { state -> (Bool, Bool) in
        if let owner = state.owner, pthread_equal(owner, pthread_self()) == 0 { return (false, false) }
        state.owner = pthread_self()
        ownerID.store(pthread_self(), ordering: .relaxed)
        state.wake = wake
        state.adoptedForGood = true
        return (true, !state.isEmpty)
      }
    }
    precondition(adopted, "another thread is already the engine thread")
    if queued { wake() }
  }

  /// Says that a thread will adopt the executor for good
  /// (``runAsEngineThread(wake:_:)``): jobs queued until then wait for it,
  /// rather than run on a helper thread's turn. keymenud calls it before
  /// anything can queue a job.
  public func expectEngineThread() {
    state.withLock { $0.adoptedForGood = true }
  }

  /// Makes the calling thread the engine thread for good
  /// (``adoptCurrentThread(wake:)``) and runs `body` on it, isolated to the
  /// engine: the engine thread's one way in, for the loop that then runs
  /// there until the process stops (the daemon's reactor, which calls
  /// ``runPending()`` between two polls).
  public func runAsEngineThread<T>(
    wake: @escaping @Sendable () -> Void, _ body: @EngineActor () throws -> T
  ) rethrows -> T {
    adoptCurrentThread(wake: wake)
    return try runIsolated(body)
  }

  /// Calls `wake` (from any thread) when a job arrives while none waits,
  /// without making the calling thread the engine thread: for a thread that
  /// takes turns with ``runAsEngineThread(_:)``.
  public func setWake(_ wake: @escaping @Sendable () -> Void) {
    state.withLock { $0.wake = wake }
  }

  /// Makes the calling thread the engine thread while `body` runs, once no
  /// other thread is (threads take turns, one at a time); the jobs queued
  /// so far run first. On the engine thread, `body` runs at once.
  ///
  /// For programs whose engine has no thread of its own and that call it
  /// synchronously from whichever thread runs them: the in-process test kit
  /// (tests run in parallel on the testing library's threads) and the fuzz
  /// harness. Each turn is serial with every other and with the executor's
  /// jobs, so engine-isolated state stays confined; the turn's lock orders
  /// what one thread did before the next thread's turn. A thread that
  /// adopted the executor for good (``adoptCurrentThread(wake:)``, the
  /// daemon's reactor) never gives its turn: a turn then traps.
  public func runAsEngineThread<T>(_ body: () throws -> T) rethrows -> T {
    if isIsolatingCurrentContext() == true { return try body() }
    guard let result = try takingTurn(body) else {
      preconditionFailure("the engine thread is adopted for good; no other thread may take a turn")
    }
    return result
  }

  /// Lends the engine's turn while the engine thread waits: the engine
  /// thread (the one that adopted the executor for good) calls it around
  /// its reactor's `poll()`, and meanwhile the socket server's event loop
  /// may carry out a request at once, as the engine, instead of handing it
  /// over and waking this thread (``runHereIfWaiting(_:)``). Returns once
  /// the turn is back: a borrower still running is waited for.
  ///
  /// The engine stays one thread at a time: the turn's lock orders what a
  /// borrower did before the engine thread goes on, and the isolation check
  /// sees whoever holds the turn.
  public func lendingTurn<T>(_ wait: () -> T) -> T {
    checkIsolated()
    state.withLock { state in
      state.owner = nil
      ownerID.store(0, ordering: .relaxed)
      state.lent = true
    }
    let result = wait()
    turn.withLock { _ in
      state.withLock { state in
        state.lent = false
        state.owner = pthread_self()
        ownerID.store(pthread_self(), ordering: .relaxed)
      }
    }
    return result
  }

  /// What a borrowed turn ends with, after its job and the jobs it queued:
  /// the lending thread's reactor's round (grabs, timers), which also wakes
  /// the reactor if what it waits for changed. Set by the reactor for as
  /// long as it runs; nil to clear.
  public func setEndOfBorrowedTurn(_ end: (@Sendable @EngineActor () -> Void)?) {
    state.withLock { $0.endOfBorrowedTurn = end }
  }

  /// Carries out `job` on the calling thread, as the engine, if the engine
  /// thread is waiting and lends its turn (``lendingTurn(_:)``): the jobs
  /// queued before it run first, then `job`, the jobs it queued, and the
  /// end of the turn. Returns false, having run nothing, when the engine is
  /// busy (or has no thread lending its turn, or the caller already is the
  /// engine, whose job must not run inside another): then queue it.
  ///
  /// For the socket server's event loop, so that a request's answer and the
  /// notifications it causes are written without two thread hand-overs.
  public func runHereIfWaiting(_ job: @Sendable @EngineActor () -> Void) -> Bool {
    guard isIsolatingCurrentContext() != true else { return false }
    let ran = turn.withLockIfAvailable { _ -> Bool in
      let end = state.withLock { state -> (@Sendable @EngineActor () -> Void)?? in
        guard state.lent, state.owner == nil else { return nil }
        state.owner = pthread_self()
        ownerID.store(pthread_self(), ordering: .relaxed)
        return .some(state.endOfBorrowedTurn)
      }
      guard let end else { return false }
      defer {
        state.withLock { state in
          state.owner = nil
          ownerID.store(0, ordering: .relaxed)
        }
      }
      runPending()
      EngineActor.assumeIsolated { job() }
      runPending()
      if let end { EngineActor.assumeIsolated { end() } }
      return true
    }
    return ran ?? false
  }

  /// The helper thread's turn (``TurnTaker``): runs the queued jobs as the
  /// engine thread, unless a thread adopted the executor for good.
  func runPendingOnHelper() {
    _ = takingTurn {}
  }

  /// Runs the queued jobs, then `body`, as the engine thread once it is this
  /// thread's turn; nil (nothing run) when a thread adopted the executor for good.
  private func takingTurn<T>(_ body: () throws -> T) rethrows -> T? {
    try turn.withLock { _ in
      let free = state.withLock { state -> Bool in
        guard state.owner == nil, !state.lent else { return false }
        state.owner = pthread_self()
        ownerID.store(pthread_self(), ordering: .relaxed)
        return true
      }
      guard free else { return nil }
      defer {
        state.withLock { state in
          state.owner = nil
          ownerID.store(0, ordering: .relaxed)
        }
      }
      runPending()
      return try body()
    }
  }

  /// Runs `body` isolated to the engine on the calling thread, which takes
  /// the engine thread's turn (``runAsEngineThread(_:)``): for test kits and
  /// harnesses that drive engine-isolated types (the daemon's core) from a
  /// thread of their own, one call at a time.
  public func runIsolated<T>(_ body: @EngineActor () throws -> T) rethrows -> T {
    try runAsEngineThread {
      checkIsolated()
      typealias Nonisolated = () throws -> T
      return try withoutActuallyEscaping(body) { isolated in
        try unsafeBitCast(isolated, to: Nonisolated.self)()
      }
    }
  }

  public func enqueue(_ job: consuming ExecutorJob) {
    submit(.task(UnownedJob(job)))
  }

  /// Queues `body` to run on the engine thread, in order with every other
  /// job; callable from any thread. For work that is not a task: a request
  /// handed over by the socket server's event loop, a plugin's callback.
  public func execute(_ body: @escaping @Sendable @EngineActor () -> Void) {
    submit(.closure(body))
  }

  private func submit(_ job: Job) {
    let wake = state.withLock { state -> (@Sendable () -> Void)? in
      state.append(job) ? state.waker : nil
    }
    wake?()
  }

  /// Runs the jobs queued so far, oldest first; on the engine thread only.
  /// Jobs they queue wait for the next call (the reactor is woken for them).
  ///
  /// A job may call it again (to let the jobs queued before it run first,
  /// as the in-process test kit's `settle()` does): jobs are taken one at a
  /// time, so every job still runs once, in queue order.
  public func runPending() {
    checkIsolated()
    var count = state.withLock { $0.jobs.count - $0.next }
    while count > 0, let job = state.withLock({ $0.takeFirst() }) {
      count -= 1
      switch job {
      case .task(let task): task.runSynchronously(on: asUnownedSerialExecutor())
      case .closure(let body): EngineActor.assumeIsolated { body() }
      }
    }
    // Jobs queued while others waited found the queue not empty and woke
    // nobody: wake for them now.
    let wake = state.withLock { $0.isEmpty ? nil : $0.waker }
    wake?()
  }

  public func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }

  /// Whether the calling thread is the engine thread.
  public func isIsolatingCurrentContext() -> Bool? {
    let owner = ownerID.load(ordering: .relaxed)
    return owner != 0 && pthread_equal(owner, pthread_self()) != 0
  }

  public func checkIsolated() {
    precondition(isIsolatingCurrentContext() == true, "not on the engine thread")
  }
}
