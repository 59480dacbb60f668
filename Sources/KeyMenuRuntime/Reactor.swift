import Glibc
public import KeyMenuEngineActor
public import SystemPackage

/// The `poll()` loop of one thread: the descriptors others watch through it,
/// its wake-up (``ReactorWaker``), the stop signals and the next deadline.
///
/// An idle reactor makes no wake-ups: it blocks until a descriptor is
/// ready, a signal or a wake-up arrives, or the timeout its round returned
/// passes. After every wake-up it calls, in this order: the signal handler
/// for a pending stop signal, the handlers of the ready descriptors (in the
/// order they were watched), then the jobs of the executor it adopted
/// (``init(waker:signals:executor:)``), then its round. Each handler runs to
/// completion before the next one: what a device read is fully handled
/// before another device is read.
///
/// Confined to the thread that runs it: watch and unwatch descriptors from
/// its handlers and round only; other threads use its ``waker``.
///
/// With an executor, the thread lends the engine's turn while it waits
/// (``EngineExecutor/lendingTurn(_:)``): another thread may then carry out
/// a job as the engine (``EngineExecutor/runHereIfWaiting(_:)``), and ends
/// its turn with this reactor's round, under the same turn. So everything
/// here is touched by one thread at a time, the engine's turn; a borrowed
/// round that moves the deadline closer or changes the descriptors wakes
/// the waiting thread to poll anew.
public final class Reactor {
  /// Wakes or stops this reactor from any thread.
  public let waker: ReactorWaker
  private let signals: StopSignals?
  private let executor: EngineExecutor?
  private var watched: [(descriptor: FileDescriptor, interest: ReadyEvents, onReady: (ReadyEvents) -> Void)] =
    []
  private var pollSet: [pollfd] = []
  private var stopRequested = false
  /// Bumped whenever the watched descriptors change, so a borrowed round
  /// knows whether the waiting poll set is still right.
  private var watchedGeneration = 0
  /// `watchedGeneration` when the current poll set was made.
  private var polledGeneration = 0
  /// When the current wait ends by itself (nil: never).
  private var waitingUntil: ContinuousClock.Instant?

  /// A reactor that will run on the thread that creates it.
  ///
  /// - Parameters:
  ///   - signals: signals read from the poll set, handed to the `signal`
  ///     closure of ``run(round:signal:)``.
  ///   - executor: an executor the calling thread adopts (it becomes the
  ///     engine thread): its jobs run between two waits, and a job queued
  ///     from another thread wakes the reactor.
  public init(waker: ReactorWaker, signals: StopSignals? = nil, executor: EngineExecutor? = nil) {
    self.waker = waker
    self.signals = signals
    self.executor = executor
    executor?.adoptCurrentThread { waker.wake() }
  }

  /// Calls `onReady` whenever `descriptor` has something to read (or, with
  /// `interest`, any of those conditions), until ``unwatch(_:)``. A hang-up
  /// or an error is always reported.
  public func watch(
    _ descriptor: FileDescriptor, interest: ReadyEvents = .input, onReady: @escaping (ReadyEvents) -> Void
  ) {
    unwatch(descriptor)
    watched.append((descriptor, interest, onReady))
    watchedGeneration &+= 1
  }

  /// Stops watching `descriptor` (before it is closed).
  public func unwatch(_ descriptor: FileDescriptor) {
    let count = watched.count
    watched.removeAll { $0.descriptor == descriptor }
    if watched.count != count { watchedGeneration &+= 1 }
  }

  /// Makes ``run(round:signal:)`` return before its next wait.
  public func stop() { stopRequested = true }

  /// Runs on the calling thread until ``stop()``, the waker's
  /// ``ReactorWaker/stop()``, `signal` returning `true`, or a failing
  /// `poll()`.
  ///
  /// - Parameters:
  ///   - round: the thread's work after every wake-up (and once before the
  ///     first wait); returns how long the next wait may last (`nil`: until
  ///     something happens).
  ///   - signal: a stop signal arrived; returns whether to end the run.
  public func run(round: @escaping () -> Duration?, signal: (Int32) -> Bool) {
    executor?.runPending()
    var timeout = round()
    if let executor {
      // Only ever called under the engine's turn (see the type's comment).
      nonisolated(unsafe) let reactor = self
      nonisolated(unsafe) let round = round
      executor.setEndOfBorrowedTurn { reactor.endBorrowedTurn(round: round) }
    }
    defer { executor?.setEndOfBorrowedTurn(nil) }
    while !stopRequested {
      pollSet.removeAll(keepingCapacity: true)
      pollSet.append(pollfd(fd: waker.event.fileDescriptor, events: Int16(POLLIN), revents: 0))
      pollSet.append(pollfd(fd: signals?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0))
      for entry in watched {
        pollSet.append(pollfd(fd: entry.descriptor.rawValue, events: entry.interest.rawValue, revents: 0))
      }
      let milliseconds = Self.milliseconds(timeout)
      waitingUntil = timeout.map { ContinuousClock.now + $0 }
      polledGeneration = watchedGeneration
      let count = pollSet.count
      let result = lending { Syscall.retrying({ poll(&pollSet, nfds_t(count), milliseconds) }) }
      guard case .success = result else { return }
      // A borrowed turn changed the descriptors: what poll reported may
      // belong to ones no longer watched; look again.
      if polledGeneration != watchedGeneration {
        timeout = .zero
        continue
      }
      if pollSet[0].revents != 0 {
        waker.event.drain()
        if waker.isStopRequested { return }
      }
      if pollSet[1].revents != 0, let number = signals?.take(), signal(number) { return }
      for entry in pollSet.dropFirst(2) where entry.revents != 0 {
        let descriptor = FileDescriptor(rawValue: entry.fd)
        guard let watcher = watched.first(where: { $0.descriptor == descriptor }) else { continue }
        watcher.onReady(ReadyEvents(rawValue: entry.revents))
      }
      executor?.runPending()
      timeout = round()
    }
  }

  /// Runs `wait` with the engine's turn lent, when the reactor has an executor.
  private func lending<T>(_ wait: () -> T) -> T {
    guard let executor else { return wait() }
    return executor.lendingTurn(wait)
  }

  /// The end of a turn another thread borrowed while this reactor waits:
  /// its round, then a wake-up if the wait must change (sooner deadline,
  /// other descriptors, a stop).
  ///
  /// Sooner means by more than a millisecond: the wait is in whole
  /// milliseconds, rounded up, and the same timer's deadline, measured
  /// again a moment later, often comes out a few nanoseconds earlier.
  private func endBorrowedTurn(round: () -> Duration?) {
    let timeout = round()
    let deadline = timeout.map { ContinuousClock.now + $0 + .milliseconds(1) }
    let sooner = deadline.map { deadline in waitingUntil.map { deadline < $0 } ?? true } ?? false
    if sooner || stopRequested || polledGeneration != watchedGeneration { waker.wake() }
  }

  /// A poll timeout: -1 for none, else whole milliseconds rounded up.
  static func milliseconds(_ duration: Duration?) -> Int32 {
    guard let duration else { return -1 }
    if duration <= .zero { return 0 }
    let (seconds, attoseconds) = duration.components
    let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: millis)
  }
}
