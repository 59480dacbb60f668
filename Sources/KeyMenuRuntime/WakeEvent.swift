import CKeyMenuRuntime
import Glibc
public import SystemPackage

/// An eventfd that wakes a thread waiting in `poll` from any other thread:
/// the one wake-up primitive of keymenu's threads (the engine's reactor, the
/// console writer, the notifications' bus thread). Raising never blocks: a
/// counter already raised just grows.
public final class WakeEvent: Sendable {
  /// The descriptor to poll for reading; readable while raised.
  public let fileDescriptor: Int32

  /// Opens the eventfd (non-blocking, close-on-exec).
  public init() throws(Errno) {
    fileDescriptor = try Syscall.retrying { keymenu_eventfd() }.get()
  }

  deinit { close(fileDescriptor) }

  /// Wakes the waiter, or makes its next wait return at once.
  public func raise() {
    var one: UInt64 = 1
    _ = Syscall.retrying { write(fileDescriptor, &one, 8) }
  }

  /// Clears the counter, so that the next wait blocks again.
  public func drain() {
    var count: UInt64 = 0
    _ = Syscall.retrying { read(fileDescriptor, &count, 8) }
  }

  /// Blocks until raised or `milliseconds` passed (-1: no limit), then
  /// clears the counter; whether it was raised.
  @discardableResult
  public func wait(milliseconds: Int32 = -1) -> Bool {
    var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
    let ready = Syscall.retrying { poll(&descriptor, 1, milliseconds) }
    guard case .success(let count) = ready, count > 0 else { return false }
    drain()
    return true
  }
}
