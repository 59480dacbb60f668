import Glibc

/// The Unix-domain socket calls of the daemon benchmarks, all blocking: the
/// one file in keymenu-bench that builds a `sockaddr_un`.
enum UnixSocket {
  /// A stream socket connected to `path`, or the errno of the failed call.
  static func connect(_ path: String) -> Result<Int32, SocketFailure> {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return .failure(SocketFailure("socket", errno)) }
    let result = withAddress(path) { Glibc.connect(fd, $0, $1) }
    guard result == 0 else {
      let error = errno
      close(fd)
      return .failure(SocketFailure("connect \(path)", error))
    }
    return .success(fd)
  }

  /// A stream socket listening on `path`; exits on failure.
  static func listen(_ path: String) -> Int32 {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0, withAddress(path, { bind(fd, $0, $1) }) == 0, Glibc.listen(fd, 16) == 0 else {
      fail("cannot listen on \(path): \(String(cString: strerror(errno)))")
    }
    return fd
  }

  /// The next connection on `listener`; exits on failure.
  static func accept(_ listener: Int32) -> Int32 {
    while true {
      let fd = Glibc.accept(listener, nil, nil)
      if fd >= 0 {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return fd
      }
      if errno != EINTR { fail("accept: \(String(cString: strerror(errno)))") }
    }
  }

  /// A datagram socket bound to `path`, as a service manager's `NOTIFY_SOCKET`.
  static func datagram(boundTo path: String) -> Int32 {
    let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0, withAddress(path, { bind(fd, $0, $1) }) == 0 else {
      fail("cannot bind \(path): \(String(cString: strerror(errno)))")
    }
    return fd
  }

  /// The next datagram on `fd`, waiting at most `milliseconds`; nil on timeout.
  static func receive(_ fd: Int32, timeout milliseconds: Int32) -> String? {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    let ready = Glibc.poll(&entry, 1, milliseconds)
    if ready < 0, errno != EINTR { fail("poll: \(String(cString: strerror(errno)))") }
    guard ready > 0 else { return nil }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = bytes.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
    guard count > 0 else { return nil }
    return String(decoding: bytes[..<count], as: UTF8.self)
  }

  /// Waits until some of `entries` are readable or hung up (`poll` with no
  /// timeout is never used: `milliseconds` bounds every wait).
  static func poll(_ entries: inout [pollfd], timeout milliseconds: Int32) -> Int32 {
    let ready = Glibc.poll(&entries, nfds_t(entries.count), milliseconds)
    if ready < 0, errno != EINTR { fail("poll: \(String(cString: strerror(errno)))") }
    return max(ready, 0)
  }

  private static func withAddress(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32)
    -> Int32
  {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      fail("socket path too long: \(path)")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in bytes.enumerated() { raw[index] = byte }
    }
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
  }
}

/// A failed socket call: which one, and its errno.
struct SocketFailure: Error, CustomStringConvertible {
  var operation: String
  var errno: Int32

  init(_ operation: String, _ errno: Int32) {
    self.operation = operation
    self.errno = errno
  }

  var description: String { "\(operation): \(String(cString: strerror(errno)))" }
}
