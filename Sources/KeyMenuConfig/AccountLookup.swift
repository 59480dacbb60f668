/// Turns user and group names into ids.
///
/// Injectable so the configuration never reads the machine's account
/// databases itself: the daemon passes its syscall-backed lookup
/// (`SystemAccounts` in KeyMenuDaemon), tests pass fixed tables.
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
}
