import CLibevdev
import Glibc

/// An eventfd that wakes a `poll` loop from another thread.
final class WakeSignal: Sendable {
  let fileDescriptor: Int32

  init() throws(EvdevError) {
    switch Syscall.retrying({ keymenu_eventfd() }) {
    case .success(let fd): fileDescriptor = fd
    case .failure(let error): throw EvdevError(opening: "eventfd", errno: error)
    }
  }

  deinit { close(fileDescriptor) }

  /// Wakes the loop; safe from any thread and from signal handlers' queues.
  func raise() {
    var one: UInt64 = 1
    _ = write(fileDescriptor, &one, 8)
  }

  /// Clears the counter so the next `poll` blocks again.
  func drain() {
    var count: UInt64 = 0
    _ = read(fileDescriptor, &count, 8)
  }
}
