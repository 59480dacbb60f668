import Glibc

/// A failed socket call, with the errno.
public struct SocketError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The call that failed (`connect`, `bind`, ...).
  public var operation: String
  /// Its errno.
  public var errno: Int32

  /// Creates an error for `operation` and `errno`.
  public init(operation: String, errno: Int32) {
    self.operation = operation
    self.errno = errno
  }

  public var description: String { "\(operation): \(String(cString: strerror(errno)))" }
}
