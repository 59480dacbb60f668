import Glibc

/// Turns user and group names into ids.
///
/// Injectable so tests do not depend on the machine's `/etc/passwd`.
/// ``system`` is a syscall file's worth of unsafe code (DESIGN.md): the
/// reentrant `getpwnam_r`/`getgrnam_r` with a buffer that grows on `ERANGE`.
public struct AccountLookup: Sendable {
  /// The uid of a user name, or nil when there is no such user.
  public var userID: @Sendable (String) -> UInt32?
  /// The gid of a group name, or nil when there is no such group.
  public var groupID: @Sendable (String) -> UInt32?

  /// Creates a lookup from two functions.
  public init(
    userID: @escaping @Sendable (String) -> UInt32?, groupID: @escaping @Sendable (String) -> UInt32?
  ) {
    self.userID = userID
    self.groupID = groupID
  }

  /// A lookup from fixed tables, for tests.
  public static func fixed(users: [String: UInt32], groups: [String: UInt32]) -> AccountLookup {
    AccountLookup(userID: { users[$0] }, groupID: { groups[$0] })
  }

  /// The system's user and group databases (NSS: `/etc/passwd`, LDAP, ...).
  public static let system = AccountLookup(
    userID: { name in
      lookUp(passwd(), \.pw_uid) { entry, buffer, size, result in
        getpwnam_r(name, entry, buffer, size, result)
      }
    },
    groupID: { name in
      lookUp(group(), \.gr_gid) { entry, buffer, size, result in getgrnam_r(name, entry, buffer, size, result)
      }
    })

  /// Calls a `get*nam_r` function with a buffer that grows on `ERANGE`;
  /// nil when there is no such entry.
  private static func lookUp<Entry>(
    _ empty: Entry, _ id: KeyPath<Entry, UInt32>,
    _ call: (
      UnsafeMutablePointer<Entry>, UnsafeMutablePointer<CChar>, Int,
      UnsafeMutablePointer<UnsafeMutablePointer<Entry>?>
    ) -> Int32
  ) -> UInt32? {
    var size = 1024
    while size <= 1 << 20 {
      var entry = empty
      var buffer = [CChar](repeating: 0, count: size)
      var result: UnsafeMutablePointer<Entry>?
      var status: Int32 = 0
      let found: UInt32? = buffer.withUnsafeMutableBufferPointer { chars in
        withUnsafeMutablePointer(to: &entry) { pointer in
          status = call(pointer, chars.baseAddress!, size, &result)
          return status == 0 && result != nil ? pointer.pointee[keyPath: id] : nil
        }
      }
      guard status == ERANGE else { return found }
      size *= 2
    }
    return nil
  }
}
