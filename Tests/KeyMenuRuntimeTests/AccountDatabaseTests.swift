import Glibc
import KeyMenuRuntime
import Testing

/// The NSS lookups through the growing buffer, on this machine's database.
@Suite struct AccountDatabaseTests {
  @Test func groupNamesComeFromTheGroupDatabase() {
    #expect(AccountDatabase.groupName(0) == "root")
    #expect(AccountDatabase.groupName(4_000_000_000) == nil)
  }

  @Test func aLookUpReturnsWhatTheEntryHolds() {
    let rootUID = AccountDatabase.lookUp(passwd(), \.pw_uid) { entry, buffer, size, result in
      getpwnam_r("root", entry, buffer, size, result)
    }
    #expect(rootUID == 0)
  }
}
