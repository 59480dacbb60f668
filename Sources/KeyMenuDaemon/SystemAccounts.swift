import Glibc
public import KeyMenuConfig

/// The system's user and group databases (NSS: `/etc/passwd`, LDAP, ...).
///
/// A syscall file's worth of unsafe code (DESIGN.md): the reentrant
/// `getpwnam_r`/`getgrnam_r` with a buffer that grows on `ERANGE`. The one
/// place the daemon resolves account names: configuration checks, the
/// socket's group and the commands user.
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
    return lookUp(passwd(), { User(uid: $0.pw_uid, gid: $0.pw_gid) }) { entry, buffer, size, result in
      getpwnam_r(name, entry, buffer, size, result)
    }
  }

  /// The gid of a group name, or nil when there is no such group.
  public static func groupID(_ name: String) -> UInt32? {
    guard isCName(name) else { return nil }
    return lookUp(group(), \.gr_gid) { entry, buffer, size, result in
      getgrnam_r(name, entry, buffer, size, result)
    }
  }

  /// Whether C sees the whole name: `getpwnam_r` would read `"nobody\0root"`
  /// only up to the NUL and find nobody. A configuration string carries a NUL
  /// when it is written as the escape `\u0000`.
  private static func isCName(_ name: String) -> Bool { !name.utf8.contains(0) }

  /// The lookup the configuration loader uses.
  public static let lookup = AccountLookup(userID: { user($0)?.uid }, groupID: { groupID($0) })

  /// Calls a `get*nam_r` function with a buffer that grows on `ERANGE`;
  /// nil when there is no such entry.
  private static func lookUp<Entry, Value>(
    _ empty: Entry, _ value: (Entry) -> Value,
    _ call: (
      UnsafeMutablePointer<Entry>, UnsafeMutablePointer<CChar>, Int,
      UnsafeMutablePointer<UnsafeMutablePointer<Entry>?>
    ) -> Int32
  ) -> Value? {
    var size = 1024
    while size <= 1 << 20 {
      var entry = empty
      var buffer = [CChar](repeating: 0, count: size)
      var result: UnsafeMutablePointer<Entry>?
      var status: Int32 = 0
      let found: Value? = buffer.withUnsafeMutableBufferPointer { chars in
        withUnsafeMutablePointer(to: &entry) { pointer in
          status = call(pointer, chars.baseAddress!, size, &result)
          return status == 0 && result != nil ? value(pointer.pointee) : nil
        }
      }
      guard status == ERANGE else { return found }
      size *= 2
    }
    return nil
  }
}
