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
public final class Reactor {
  /// Wakes or stops this reactor from any thread.
  public let waker: ReactorWaker
  private let signals: StopSignals?
  private let executor: EngineExecutor?
  private var watched: [(descriptor: FileDescriptor, interest: ReadyEvents, onReady: (ReadyEvents) -> Void)] =
    []
  private var pollSet: [pollfd] = []
  private var stopRequested = false

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
  }

  /// Stops watching `descriptor` (before it is closed).
  public func unwatch(_ descriptor: FileDescriptor) {
    watched.removeAll { $0.descriptor == descriptor }
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
  public func run(round: () -> Duration?, signal: (Int32) -> Bool) {
    executor?.runPending()
    var timeout = round()
    while !stopRequested {
      pollSet.removeAll(keepingCapacity: true)
      pollSet.append(pollfd(fd: waker.event.fileDescriptor, events: Int16(POLLIN), revents: 0))
      pollSet.append(pollfd(fd: signals?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0))
      for entry in watched {
        pollSet.append(pollfd(fd: entry.descriptor.rawValue, events: entry.interest.rawValue, revents: 0))
      }
      let milliseconds = Self.milliseconds(timeout)
      let count = pollSet.count
      guard case .success = Syscall.retrying({ poll(&pollSet, nfds_t(count), milliseconds) }) else { return }
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

  /// A poll timeout: -1 for none, else whole milliseconds rounded up.
  static func milliseconds(_ duration: Duration?) -> Int32 {
    guard let duration else { return -1 }
    if duration <= .zero { return 0 }
    let (seconds, attoseconds) = duration.components
    let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: millis)
  }
}
