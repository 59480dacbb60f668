import KeyMenuConfig
import Testing

@Suite struct AccountLookupTests {
  @Test func theSystemLookupFindsRootAndNotNonsense() {
    #expect(AccountLookup.system.userID("root") == 0)
    #expect(AccountLookup.system.groupID("root") == 0)
    #expect(AccountLookup.system.userID("no-such-user-keymenu-test") == nil)
    #expect(AccountLookup.system.groupID("no-such-group-keymenu-test") == nil)
  }
}
