import Glibc
import KeyMenuSocket

/// Creates the listening Unix socket file: bound, given its mode and group,
/// and only then listening, so no connection is ever accepted under the
/// wrong permissions (NIO's own `bind(unixDomainSocketPath:)` listens at
/// once and leaves the mode to the umask).
enum UnixListener {
  /// Binds and listens at `path`; a stale socket file (nobody listening) is
  /// replaced, a live one is an error.
  static func make(path: String, mode: UInt32, group: UInt32?) throws(SocketError) -> Int32 {
    try removeStale(path)
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw SocketError(operation: "socket", errno: errno) }
    do throws(SocketError) {
      let bound = try UnixSocketAddress.with(path) { bind(fd, $0, $1) }
      guard bound == 0 else { throw SocketError(operation: "bind \(path)", errno: errno) }
      guard chmod(path, mode_t(mode)) == 0 else {
        throw SocketError(operation: "chmod \(path)", errno: errno)
      }
      // Only when the group differs: bind already gave the file the daemon's
      // own group (usually the socket group), and keymenud.service's
      // SystemCallFilter refuses chown (@privileged) even when it would
      // change nothing.
      if let group, try groupOf(path) != gid_t(group), chown(path, uid_t.max, gid_t(group)) != 0 {
        throw SocketError(operation: "chown \(path) to group \(group)", errno: errno)
      }
      guard listen(fd, 128) == 0 else { throw SocketError(operation: "listen \(path)", errno: errno) }
      return fd
    } catch {
      close(fd)
      throw error
    }
  }

  /// The group that owns `path`.
  private static func groupOf(_ path: String) throws(SocketError) -> gid_t {
    var info = stat()
    guard lstat(path, &info) == 0 else { throw SocketError(operation: "stat \(path)", errno: errno) }
    return info.st_gid
  }

  /// Removes `path` if it is a socket nobody listens on.
  static func removeStale(_ path: String) throws(SocketError) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    guard info.st_mode & S_IFMT == S_IFSOCK else {
      throw SocketError(operation: "\(path) exists and is not a socket", errno: EEXIST)
    }
    let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    defer { close(probe) }
    let connected = try UnixSocketAddress.with(path) { connect(probe, $0, $1) }
    if connected == 0 {
      throw SocketError(operation: "another keymenud is listening on \(path)", errno: EADDRINUSE)
    }
    unlink(path)
  }
}
