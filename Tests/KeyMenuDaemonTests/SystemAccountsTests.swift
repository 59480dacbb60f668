import KeyMenuConfig
import KeyMenuDaemon
import Testing

@Suite struct SystemAccountsTests {
  @Test func theSystemLookupFindsRootAndNotNonsense() {
    #expect(SystemAccounts.user("root") == SystemAccounts.User(uid: 0, gid: 0))
    #expect(SystemAccounts.lookup.userID("root") == 0)
    #expect(SystemAccounts.groupID("root") == 0)
    #expect(SystemAccounts.lookup.userID("no-such-user-keymenu-test") == nil)
    #expect(SystemAccounts.groupID("no-such-group-keymenu-test") == nil)
  }

  /// C would read these names only up to the NUL and find root or nobody.
  @Test func aNameWithANulNamesNoAccount() {
    #expect(SystemAccounts.user("root\u{0}") == nil)
    #expect(SystemAccounts.lookup.userID("nobody\u{0}root") == nil)
    #expect(SystemAccounts.groupID("root\u{0}x") == nil)
  }

  @Test func nobodyIsNotRoot() throws {
    let nobody = try #require(SystemAccounts.user("nobody"))
    #expect(nobody.uid != 0)
  }
}
