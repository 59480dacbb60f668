import Synchronization

/// Holds a ``SocketServer`` back from accepting connections until the daemon
/// has applied its configuration and scanned its devices, so that no client
/// (the first one after socket activation, a script that waits for the
/// socket) is answered by a daemon without its plugins and configuration.
/// Connections made meanwhile wait in the listening socket's backlog.
public final class AcceptGate: Sendable {
  private struct State {
    var isOpen = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  /// Creates a closed gate.
  public init() {}

  /// Opens the gate for good, letting every waiter on; opening it again does nothing.
  public func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters.removeAll() }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once the gate is open.
  public func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let openAlready = state.withLock { state in
        if !state.isOpen { state.waiters.append(continuation) }
        return state.isOpen
      }
      if openAlready { continuation.resume() }
    }
  }
}
