import Glibc
public import KeyMenuConfig
import KeyMenuRuntime

/// The system's user and group databases (NSS: `/etc/passwd`, LDAP, ...).
///
/// The reentrant `getpwnam_r`/`getgrnam_r` through
/// ``AccountDatabase/lookUp(_:_:_:)`` (KeyMenuRuntime). The one place the
/// daemon resolves account names: configuration checks, the socket's group
/// and the commands user.
public enum SystemAccounts {
  /// A user's uid and primary gid.
  public struct User: Hashable, Sendable {
    /// The user id.
    public var uid: UInt32
    /// The primary group id.
    public var gid: UInt32

    /// Creates a user entry.
    public init(uid: UInt32, gid: UInt32) {
      self.uid = uid
      self.gid = gid
    }
  }

  /// The named user, or nil when there is no such user.
  public static func user(_ name: String) -> User? {
    guard isCName(name) else { return nil }
    return AccountDatabase.lookUp(passwd(), { User(uid: $0.pw_uid, gid: $0.pw_gid) }) {
      entry, buffer, size, result in
      getpwnam_r(name, entry, buffer, size, result)
    }
  }

  /// The gid of a group name, or nil when there is no such group.
  public static func groupID(_ name: String) -> UInt32? {
    guard isCName(name) else { return nil }
    return AccountDatabase.lookUp(group(), \.gr_gid) { entry, buffer, size, result in
      getgrnam_r(name, entry, buffer, size, result)
    }
  }

  /// Whether C sees the whole name: `getpwnam_r` would read `"nobody\0root"`
  /// only up to the NUL and find nobody. A configuration string carries a NUL
  /// when it is written as the escape `\u0000`.
  private static func isCName(_ name: String) -> Bool { !name.utf8.contains(0) }

  /// The lookup the configuration loader uses.
  public static let lookup = AccountLookup(userID: { user($0)?.uid }, groupID: { groupID($0) })
}
