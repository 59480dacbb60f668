import Glibc

/// The reentrant lookups of the system's user and group databases (NSS:
/// `/etc/passwd`, `/etc/group`, LDAP, ...), with a buffer that grows on
/// `ERANGE`. A syscall file's worth of unsafe code (DESIGN.md): the daemon's
/// account names (`SystemAccounts`) and the device layer's advice on a node's
/// group (`NodeAccess`) both go through here.
public enum AccountDatabase {
  /// Calls a `get*_r` function (`getpwnam_r`, `getgrnam_r`, `getgrgid_r`)
  /// with a buffer that grows on `ERANGE`; `value` reads the entry found, nil
  /// when there is no such entry.
  public static func lookUp<Entry, Value>(
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

  /// The name of group `gid`, or nil when the database has none.
  public static func groupName(_ gid: UInt32) -> String? {
    lookUp(group(), { $0.gr_name.map { String(cString: $0) } }) { entry, buffer, size, result in
      getgrgid_r(gid, entry, buffer, size, result)
    } ?? nil
  }
}
