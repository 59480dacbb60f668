import Glibc
import KeyMenuSocket
import NIOCore

/// The peer-credentials syscall file (DESIGN.md): `SO_PEERCRED` read into
/// plain words through a raw pointer, nothing of it kept.
extension PeerCredentials {
  /// The kernel's `struct ucred`, three 32-bit words (Glibc's Swift module
  /// does not export the C struct).
  struct CredentialWords: Sendable {
    var pid: Int32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0
  }

  /// Reads the credentials of a connected NIO channel's peer.
  ///
  /// NIO does not expose the descriptor, so the options are read through its
  /// `SocketOptionProvider`; supplementary groups come from `SO_PEERGROUPS`
  /// into a fixed buffer of 64 ids (the kernel sorts them and NIO zero-fills
  /// the rest). A peer with more groups is looked up in `/proc/PID/status`.
  static func read(from channel: any Channel) -> EventLoopFuture<PeerCredentials> {
    guard let provider = channel as? any SocketOptionProvider else {
      return channel.eventLoop.makeFailedFuture(SocketError(operation: "SO_PEERCRED", errno: ENOTSOCK))
    }
    let level = SocketOptionLevel(SOL_SOCKET)
    let credentials: EventLoopFuture<CredentialWords> = provider.unsafeGetSocketOption(
      level: level, name: SocketOptionName(SO_PEERCRED))
    return credentials.flatMap { words in
      let groups: EventLoopFuture<GroupBuffer> = provider.unsafeGetSocketOption(
        level: level, name: SocketOptionName(SO_PEERGROUPS))
      return groups.map { buffer in
        PeerCredentials(pid: words.pid, uid: words.uid, gid: words.gid, groups: buffer.ids)
      }.flatMapErrorThrowing { _ in
        PeerCredentials(
          pid: words.pid, uid: words.uid, gid: words.gid, groups: Self.procGroups(pid: words.pid))
      }
    }
  }

  /// Supplementary groups from `/proc/PID/status` ("Groups:" line).
  static func procGroups(pid: Int32) -> [UInt32] {
    guard let file = fopen("/proc/\(pid)/status", "re") else { return [] }
    defer { fclose(file) }
    var line: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(line) }
    while getline(&line, &capacity, file) > 0, let line {
      let text = String(cString: line)
      if text.hasPrefix("Groups:") {
        return text.dropFirst(7).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
          .compactMap { UInt32($0) }
      }
    }
    return []
  }
}

/// Room for 64 supplementary group ids.
struct GroupBuffer: Sendable {
  var storage:
    (
      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
    ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

  /// The ids, ascending; trailing zeros are NIO's fill, not group 0 (which,
  /// sorted, could only come first).
  var ids: [UInt32] {
    var copy = self
    let all = withUnsafeBytes(of: &copy.storage) { Array($0.bindMemory(to: UInt32.self)) }
    var result: [UInt32] = []
    for (index, id) in all.enumerated() where id != 0 || (index == 0 && all.count > 1 && all[1] != 0) {
      result.append(id)
    }
    return result
  }
}
