import Glibc
public import KeyMenuProtocol
public import KeyMenuSocket

/// Who is at the other end of a Unix socket, as the kernel vouches for it.
///
/// A syscall file (DESIGN.md allows unsafe code here): `SO_PEERCRED` gives
/// the peer's pid, uid and gid as the kernel's `struct ucred`, three 32-bit
/// fields read into a three-word buffer because Swift's Glibc module does
/// not expose the struct; `SO_PEERGROUPS` gives its supplementary groups.
public struct PeerCredentials: Hashable, Sendable {
  public var pid: Int32
  public var uid: UInt32
  public var gid: UInt32
  public var groups: [UInt32]

  /// Creates credentials (for tests and policies).
  public init(pid: Int32, uid: UInt32, gid: UInt32, groups: [UInt32] = []) {
    self.pid = pid
    self.uid = uid
    self.gid = gid
    self.groups = groups
  }

  /// Reads the credentials of the peer of a connected Unix socket.
  public init(socket fd: Int32) throws(SocketError) {
    var words = [UInt32](repeating: 0, count: 3)
    var length = socklen_t(MemoryLayout<UInt32>.size * 3)
    guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &words, &length) == 0, length == 12 else {
      throw SocketError(operation: "SO_PEERCRED", errno: errno)
    }
    pid = Int32(bitPattern: words[0])
    uid = words[1]
    gid = words[2]
    var buffer = [gid_t](repeating: 0, count: 256)
    var size = socklen_t(buffer.count * MemoryLayout<gid_t>.size)
    if getsockopt(fd, SOL_SOCKET, SO_PEERGROUPS, &buffer, &size) == 0 {
      groups = buffer.prefix(Int(size) / MemoryLayout<gid_t>.size).map { UInt32($0) }
    } else {
      groups = []
    }
  }

  /// The tier this peer gets under a policy.
  public func tier(under policy: TierPolicy) -> Tier {
    policy.tier(uid: uid, gid: gid, groups: groups)
  }
}
