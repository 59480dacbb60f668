import Glibc

/// A non-blocking socket pair that wakes ``ConsoleWriter``'s thread from the
/// engine's: ``raise()`` never blocks (a full buffer already means "awake").
/// A socket pair rather than `pipe2`, which Swift's Glibc module does not
/// show; both ends are close-on-exec from the start.
final class WakePipe: Sendable {
  /// The end to poll for reading.
  let fileDescriptor: Int32
  private let writeEnd: Int32

  /// Creates the pipe.
  init() throws(ConsoleProblem) {
    var ends: [Int32] = [-1, -1]
    let type = Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue)
    guard socketpair(AF_UNIX, type, 0, &ends) == 0 else {
      throw ConsoleProblem(.open, device: "a wake-up pipe", errno: errno)
    }
    fileDescriptor = ends[0]
    writeEnd = ends[1]
  }

  deinit {
    close(fileDescriptor)
    close(writeEnd)
  }

  /// Wakes the writer; safe from any thread.
  func raise() {
    var byte: UInt8 = 1
    _ = ConsoleDevice.retrying { write(writeEnd, &byte, 1) }
  }

  /// Blocks until raised, then clears the pipe.
  func wait() {
    var fds = [pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)]
    _ = ConsoleDevice.retrying { poll(&fds, 1, -1) }
    drain()
  }

  /// Clears the pipe, so the next wait blocks again.
  func drain() {
    var buffer = [UInt8](repeating: 0, count: 64)
    while ConsoleDevice.retrying({ read(fileDescriptor, &buffer, buffer.count) }) > 0 {}
  }
}
