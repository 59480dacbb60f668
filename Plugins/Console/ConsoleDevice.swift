import Glibc
import KeyMenuRuntime
import SystemPackage

/// One open terminal, written without ever blocking; closed in `deinit`.
///
/// The only place the plugin calls C (its wake-up is KeyMenuRuntime's `WakeEvent`): `open` with
/// `O_NONBLOCK` (its own open file description, so the blocking mode of a
/// shell on the same terminal is untouched) and `O_NOCTTY` (it never
/// becomes keymenud's controlling terminal), `TIOCGWINSZ`, `write`, `poll`.
final class ConsoleDevice {
  let path: String
  private let fileDescriptor: Int32

  /// Opens `path` for writing; it must be an absolute path to a terminal.
  init(path: String) throws(ConsoleProblem) {
    guard path.hasPrefix("/") else { throw ConsoleProblem(.badPath, device: path) }
    let opened: Int32
    switch Syscall.retrying({ open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC) }) {
    case .success(let descriptor): opened = descriptor
    case .failure(let error): throw ConsoleProblem(.open, device: path, errno: error.rawValue)
    }
    guard isatty(opened) == 1 else {
      close(opened)
      throw ConsoleProblem(.notATerminal, device: path, errno: ENOTTY)
    }
    self.path = path
    self.fileDescriptor = opened
  }

  deinit { close(fileDescriptor) }

  /// The size the terminal reports; 0 × 0 when it reports none (a serial line).
  var size: (columns: Int, rows: Int) {
    var window = winsize()
    guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &window) == 0 else { return (0, 0) }
    return (Int(window.ws_col), Int(window.ws_row))
  }

  /// Writes what the terminal takes now.
  func write(_ bytes: [UInt8]) -> ConsoleMachine.Event {
    let written = Syscall.retrying {
      bytes.withUnsafeBytes { Glibc.write(fileDescriptor, $0.baseAddress, $0.count) }
    }
    switch written {
    case .success(let count): return .wrote(count)
    // EWOULDBLOCK is EAGAIN on Linux.
    case .failure(.resourceTemporarilyUnavailable): return .wouldBlock
    case .failure(let error): return .writeFailed(ConsoleProblem(.write, device: path, errno: error.rawValue))
    }
  }

  /// Waits until the terminal takes output (or reports an error, which the
  /// next write then returns), until `wake` is raised (nil), or, with a
  /// `timeout`, until it passes (``ConsoleMachine/Event/timedOut``).
  func waitUntilWritable(orWoken wake: WakeEvent, timeout: Duration?) -> ConsoleMachine.Event? {
    var fds = [
      pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0),
      pollfd(fd: wake.fileDescriptor, events: Int16(POLLIN), revents: 0),
    ]
    let milliseconds =
      timeout.map { Int32($0.components.seconds * 1000 + $0.components.attoseconds / 1_000_000_000_000_000) }
      ?? -1
    let ready = (try? Syscall.retrying { poll(&fds, nfds_t(fds.count), milliseconds) }.get()) ?? -1
    if ready == 0 { return .timedOut }
    if fds[1].revents != 0 { wake.drain() }
    return fds[0].revents != 0 ? .writable : nil
  }
}
