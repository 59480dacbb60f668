import KeyMenuConfig
import KeyMenuProtocol
import Testing

@Suite struct TierPolicyTests {
  @Test func explicitRulesComeFirstInOrderThenTheStandardOnes() throws {
    let socket = try load(
      """
      [[socket.tiers]]
      user = "alice"
      tier = "admin"
      [[socket.tiers]]
      gid = 10
      tier = "observe"
      [[socket.tiers]]
      group = "wheel"
      tier = "drive"
      """
    ).socket
    let policy = socket.tierPolicy(lookup: testAccounts)
    #expect(
      policy.rules == [
        .init(.uid(1000), .admin), .init(.gid(10), .observe), .init(.gid(10), .drive),
        .init(.uid(0), .admin), .init(.gid(991), .admin), .init(.gid(990), .drive),
      ])
    #expect(policy.fallback == .observe)
    #expect(policy.tier(uid: 1000, gid: 990, groups: []) == .admin)
    #expect(policy.tier(uid: 1001, gid: 10, groups: [990]) == .observe)  // the first matching rule decides
    #expect(policy.tier(uid: 1002, gid: 100, groups: [990]) == .drive)
    #expect(policy.tier(uid: 1003, gid: 100, groups: []) == .observe)
  }

  @Test func theDaemonsOwnUserIsAdminAfterRoot() {
    let socket = SocketSettings(group: "keymenu", adminGroup: nil)
    let policy = socket.tierPolicy(lookup: testAccounts, daemonUser: 994)
    #expect(policy.rules == [.init(.uid(0), .admin), .init(.uid(994), .admin), .init(.gid(990), .drive)])
    #expect(policy.tier(uid: 994, gid: 990, groups: []) == .admin)
    #expect(policy.tier(uid: 1000, gid: 990, groups: []) == .drive)
    #expect(
      socket.tierPolicy(lookup: testAccounts, daemonUser: 0).rules == [
        .init(.uid(0), .admin), .init(.gid(990), .drive),
      ])
  }

  @Test func groupsThatDoNotExistAreLeftOutOfTheStandardRules() {
    let socket = SocketSettings(group: "absent", adminGroup: nil)
    #expect(socket.tierPolicy(lookup: testAccounts).rules == [.init(.uid(0), .admin)])
  }

  @Test func unknownNamesInTierRulesAreErrors() {
    #expect(
      errors(
        "[[socket.tiers]]\nuser = \"mallory\"\ntier = \"admin\"\n[[socket.tiers]]\ngroup = \"staff\"\ntier = \"drive\""
      )
        == [
          "test.toml:2:8: unknown user 'mallory' in tier rule",
          "test.toml:5:9: unknown group 'staff' in tier rule",
        ])
  }

  @Test func aTierRuleNeedsOneSubjectAndATier() {
    #expect(
      errors(
        "[[socket.tiers]]\nuid = 1\ngid = 2\ntier = \"drive\"\n[[socket.tiers]]\nuid = 3\n[[socket.tiers]]\nuid = -1\ntier = \"drive\""
      )
        == [
          "test.toml:3:1: tier rule needs exactly one of user, uid, group, gid",
          "test.toml:5:1: tier rule needs tier = \"observe\", \"drive\" or \"admin\"",
          "test.toml:8:7: uid must be between 0 and 4294967294, not -1",
        ])
  }

  @Test func socketGroupsThatDoNotExistAreWarnings() {
    #expect(
      warnings("[socket]\ngroup = \"input-users\"") == [
        "test.toml:2:9: warning: no group 'input-users' on this system; create it with groupadd --system input-users"
      ])
  }
}
