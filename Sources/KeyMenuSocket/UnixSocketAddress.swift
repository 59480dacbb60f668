public import Glibc

/// A Unix socket address (`sockaddr_un`) for a path; a leading `@` names the
/// abstract namespace (as `NOTIFY_SOCKET` may). The one place keymenu builds
/// one: the listener, the blocking client and the notify socket use it.
///
/// A syscall file (DESIGN.md): the `sockaddr_un` pointer is handed to
/// `body` and never kept; it moved here from KeyMenuServer so that clients
/// can build an address without linking NIO.
public enum UnixSocketAddress {
  /// Calls `body` with the address of `path` and its length.
  public static func with<Result>(
    _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
  ) throws(SocketError) -> Result {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard !bytes.isEmpty, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      throw SocketError(operation: "socket path \(path) is empty or too long", errno: ENAMETOOLONG)
    }
    let abstract = bytes.first == UInt8(ascii: "@")
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in bytes.enumerated() { raw[index] = byte }
      if abstract { raw[0] = 0 }
    }
    // An abstract name is exactly its bytes long; a path is NUL-terminated.
    let length =
      abstract
      ? socklen_t(MemoryLayout<sa_family_t>.size + bytes.count) : socklen_t(MemoryLayout<sockaddr_un>.size)
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
    }
  }
}
