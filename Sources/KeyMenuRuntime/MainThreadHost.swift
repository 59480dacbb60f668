import Dispatch
import Synchronization
public import SystemPackage

/// Lends the process's main thread to work that needs a thread of its own
/// (the engine's reactor), so that the daemon runs on two threads, not
/// three: `main` would otherwise only wait for the service group to end.
///
/// `main` calls ``serve()``, which runs each body handed to ``start(_:)``
/// on the main thread, in order, and returns after ``finish()`` once nothing
/// is left to run. ``start(_:)`` has ``RuntimeThread/start(name:_:)``'s
/// shape, so a service takes either.
public final class MainThreadHost: Sendable {
  private struct State {
    var bodies: [@Sendable () -> Void] = []
    var finished = false
  }

  private let state = Mutex(State())
  /// Signalled once per body queued and once by ``finish()``; a semaphore
  /// starts no libdispatch worker thread.
  private let ready = DispatchSemaphore(value: 0)

  /// Creates a host; nothing runs until ``serve()``.
  public init() {}

  /// Queues `body` to run on the main thread; never fails (no thread is
  /// created), so the result is always `nil`.
  public func start(_ body: @escaping @Sendable () -> Void) -> Errno? {
    state.withLock { $0.bodies.append(body) }
    ready.signal()
    return nil
  }

  /// Makes ``serve()`` return once every queued body has run.
  public func finish() {
    state.withLock { $0.finished = true }
    ready.signal()
  }

  /// Runs queued bodies on the calling thread (the main thread) until
  /// ``finish()``.
  public func serve() {
    while true {
      ready.wait()
      let next = state.withLock { state -> (body: (@Sendable () -> Void)?, finished: Bool) in
        if state.bodies.isEmpty { return (nil, state.finished) }
        return (state.bodies.removeFirst(), false)
      }
      if let body = next.body {
        body()
      } else if next.finished {
        return
      }
    }
  }
}
