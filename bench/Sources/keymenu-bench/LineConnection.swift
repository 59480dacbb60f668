import Glibc

/// One Unix stream connection carrying newline-terminated lines, read
/// through a fixed buffer with plain `read()` and written with plain
/// `write()`, so that a round trip allocates nothing. Owns (and closes) `fd`.
final class LineConnection {
  let fd: Int32
  private var buffer: [UInt8]
  private var start = 0
  private var end = 0
  /// Whether a wait for the next line is a `poll()` for readability before
  /// the `read()`, as an event-driven client waits (epoll, swift-nio,
  /// asyncio), instead of a `read()` that blocks. A task blocked in `read()`
  /// on a Unix socket is woken each time the peer takes a line it sent (the
  /// kernel wakes every sleeper on the socket when its send buffer frees
  /// up), and on a shared CPU that wake-up preempts the peer; `poll()`
  /// waits for input only.
  var waitsWithPoll = false

  /// Wraps a connected socket; `capacity` bounds the longest line.
  init(fd: Int32, capacity: Int = 65536) {
    self.fd = fd
    buffer = [UInt8](repeating: 0, count: capacity)
  }

  /// Connects to `path`; exits when it cannot.
  convenience init(connectingTo path: String) {
    switch UnixSocket.connect(path) {
    case .success(let fd): self.init(fd: fd)
    case .failure(let failure): fail("\(failure)")
    }
  }

  deinit { close(fd) }

  /// Makes every read() give up after `seconds`, and then the program exit,
  /// so that a line that never comes cannot hang a benchmark.
  func setReadTimeout(seconds: Int) {
    var limit = timeval(tv_sec: seconds, tv_usec: 0)
    guard setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size)) == 0 else {
      fail("setsockopt SO_RCVTIMEO: \(String(cString: strerror(errno)))")
    }
  }

  /// Writes all of `bytes` (which end with a newline); exits on failure.
  func send(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { fail("write: \(String(cString: strerror(errno)))") }
      offset += written
    }
  }

  /// Blocks until a whole line is buffered and returns `body` applied to it
  /// (without its newline); nil once the peer closed.
  func readLine<Result>(_ body: (ArraySlice<UInt8>) -> Result) -> Result? {
    while true {
      if let line = nextLine() { return body(line) }
      guard fill() else { return nil }
    }
  }

  /// Sends `line`, then reads one line and returns `body` applied to it.
  func exchange<Result>(_ line: [UInt8], _ body: (ArraySlice<UInt8>) -> Result) -> Result? {
    send(line)
    return readLine(body)
  }

  /// One `read()` (call it when `poll` says the socket is readable), then
  /// `body` for each whole line buffered; false once the peer closed.
  func readAvailable(_ body: (ArraySlice<UInt8>) -> Void) -> Bool {
    guard fill() else { return false }
    while let line = nextLine() { body(line) }
    return true
  }

  private func nextLine() -> ArraySlice<UInt8>? {
    guard end > start else { return nil }
    let newline = buffer.withUnsafeBytes { raw -> Int? in
      guard let found = memchr(raw.baseAddress! + start, 0x0A, end - start) else { return nil }
      return raw.baseAddress!.distance(to: UnsafeRawPointer(found))
    }
    guard let newline else { return nil }
    let line = buffer[start..<newline]
    start = newline + 1
    if start == end { (start, end) = (0, 0) }
    return line
  }

  /// Reads once into the free space; false at end of stream.
  private func fill() -> Bool {
    if end == buffer.count {
      guard start > 0 else { fail("a line longer than \(buffer.count) bytes") }
      buffer.withUnsafeMutableBytes { raw in
        _ = memmove(raw.baseAddress!, raw.baseAddress! + start, end - start)
      }
      (start, end) = (0, end - start)
    }
    if waitsWithPoll {
      var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      while poll(&entry, 1, -1) < 0, errno == EINTR {}
    }
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + end, $0.count - end) }
      if count < 0, errno == EINTR { continue }
      if count < 0, errno == ECONNRESET { return false }
      if count < 0, errno == EAGAIN { fail("read: no line within the connection's read timeout") }
      guard count >= 0 else { fail("read: \(String(cString: strerror(errno)))") }
      end += count
      return count > 0
    }
  }
}
