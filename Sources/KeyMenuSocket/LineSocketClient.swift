import Glibc

/// A blocking, line-oriented client connection to a Unix stream socket, for
/// command-line clients that send a request and wait (keymenuctl).
///
/// Plain syscalls rather than swift-nio: one request per command needs no
/// event loop, and start-up time is what a shell script notices.
public final class LineSocketClient {
  private let fd: Int32
  private var buffer: [UInt8] = []
  /// Where `read()` puts what came, made once: a new zeroed 64 KiB array at
  /// each read was a tenth of keymenu-overlay's work per `state.changed`
  /// (it reads until `EAGAIN`, twice per line).
  private var chunk: [UInt8] = []
  /// The most bytes one `read()` takes.
  private static let chunkSize = 16384

  /// Connects to `path`; the error keeps the errno so callers can explain it.
  public init(path: String) throws(SocketError) {
    fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw SocketError(operation: "socket", errno: errno) }
    let descriptor = fd
    let result: Int32
    do {
      result = try UnixSocketAddress.with(path) { connect(descriptor, $0, $1) }
    } catch {
      close(fd)
      throw error
    }
    guard result == 0 else {
      let error = errno
      close(fd)
      throw SocketError(operation: "connect \(path)", errno: error)
    }
  }

  /// Uses a copy of an already-connected stream socket, such as the one
  /// keymenud hands a command as `KEYMENU_FD`; the original stays open for
  /// whoever else in the process tree uses it after this client.
  public init(connected descriptor: Int32) throws(SocketError) {
    var type: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    guard getsockopt(descriptor, SOL_SOCKET, SO_TYPE, &type, &length) == 0 else {
      throw SocketError(operation: "descriptor \(descriptor)", errno: errno)
    }
    guard type == Int32(SOCK_STREAM.rawValue) else {
      throw SocketError(operation: "descriptor \(descriptor)", errno: ENOTSOCK)
    }
    fd = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
    guard fd >= 0 else { throw SocketError(operation: "dup \(descriptor)", errno: errno) }
  }

  deinit { close(fd) }

  /// The socket, for `poll()` by a client that waits on other things too.
  public var fileDescriptor: Int32 { fd }

  /// Whether a whole line is already buffered (then ``readLine()`` does not
  /// block, and `poll()` on the socket would not say so).
  public var hasBufferedLine: Bool { buffer.contains(UInt8(ascii: "\n")) }

  /// Whether something can be read within `bound`: a whole line buffered,
  /// or the socket readable (a line, a part of one, or its end) before the
  /// time is up.
  public func waitReadable(within bound: Duration) -> Bool {
    let deadline = ContinuousClock.now + bound
    while !hasBufferedLine {
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero else { return false }
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, Self.pollMilliseconds(left))
      if ready < 0, errno == EINTR { continue }
      return ready > 0
    }
    return true
  }

  /// `poll()`'s timeout for `left`: its milliseconds, the fraction of a
  /// second included, rounded up (a wait never ends before its bound).
  static func pollMilliseconds(_ left: Duration) -> Int32 {
    let (seconds, attoseconds) = left.components
    let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: max(0, milliseconds))
  }

  /// Writes `line` and a newline.
  public func write(line: [UInt8]) throws(SocketError) {
    let bytes = line + [UInt8(ascii: "\n")]
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { throw SocketError(operation: "write", errno: written < 0 ? errno : EPIPE) }
      offset += written
    }
  }

  /// The next line without its newline, or nil once the peer closed.
  public func readLine() throws(SocketError) -> [UInt8]? {
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = Array(buffer[..<newline])
        buffer.removeSubrange(...newline)
        return line
      }
      if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: Self.chunkSize) }
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count < 0 { throw SocketError(operation: "read", errno: errno) }
      if count == 0 { return nil }
      buffer.append(contentsOf: chunk[..<count])
    }
  }
}
