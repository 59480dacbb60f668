import CSystemdBus
import Glibc

/// An eventfd that wakes the Notify plugin's thread from another thread;
/// signalling never blocks. Closed in `deinit`.
final class Wakeup: Sendable {
  /// The descriptor the thread waits on.
  let descriptor: Int32

  /// Opens the eventfd.
  init() throws(BusError) {
    let result = keymenu_wake_open()
    guard result >= 0 else { throw BusError("eventfd", returned: result) }
    descriptor = result
  }

  deinit { close(descriptor) }

  /// Wakes the thread (or makes its next wait return at once).
  func signal() { keymenu_wake_signal(descriptor) }
}
