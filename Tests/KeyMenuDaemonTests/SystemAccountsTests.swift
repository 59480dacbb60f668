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

  @Test func nobodyIsNotRoot() throws {
    let nobody = try #require(SystemAccounts.user("nobody"))
    #expect(nobody.uid != 0)
  }
}
