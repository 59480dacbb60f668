import KeyMenuProtocol
import Testing

@Suite struct TierTests {
  let policy = TierPolicy.standard(adminGroup: 27, socketGroup: 990)

  @Test func theStandardPolicyFollowsTheDocumentedDefaults() {
    #expect(policy.tier(uid: 0, gid: 0, groups: []) == .admin)
    #expect(policy.tier(uid: 1000, gid: 1000, groups: [27]) == .admin)
    #expect(policy.tier(uid: 1000, gid: 990, groups: []) == .drive)
    #expect(policy.tier(uid: 1000, gid: 1000, groups: [990, 100]) == .drive)
    #expect(policy.tier(uid: 65534, gid: 65534, groups: []) == .observe)
  }

  @Test func theFirstMatchingRuleDecides() {
    let custom = TierPolicy(rules: [.init(.uid(1000), .observe), .init(.gid(990), .admin)], fallback: .drive)
    #expect(custom.tier(uid: 1000, gid: 990, groups: []) == .observe)
    #expect(custom.tier(uid: 1001, gid: 990, groups: []) == .admin)
    #expect(custom.tier(uid: 1001, gid: 5, groups: []) == .drive)
  }

  @Test func methodsNeedTheirTier() throws {
    try MethodCatalog.check("hello", tier: .observe)
    try MethodCatalog.check("selector.invoke", tier: .drive)
    try MethodCatalog.check("selector.invoke", tier: .admin)
    #expect(throws: RPCError.forbidden("selector.invoke", tier: "observe", needs: "drive")) {
      try MethodCatalog.check("selector.invoke", tier: .observe)
    }
    // The modal kinds' methods are their plugins'.
    #expect(MethodCatalog.methods.keys.allSatisfy { !$0.hasPrefix("menu.") && !$0.hasPrefix("alert.") })
    // A plugin's method is checked against the table that includes it.
    let table = MethodCatalog.methods.merging(["alert.show": .drive]) { own, _ in own }
    #expect(throws: RPCError.forbidden("alert.show", tier: "observe", needs: "drive")) {
      try MethodCatalog.check("alert.show", tier: .observe, in: table)
    }
    #expect(throws: RPCError.forbidden("config.reload", tier: "drive", needs: "admin")) {
      try MethodCatalog.check("config.reload", tier: .drive)
    }
    #expect(throws: RPCError.methodNotFound("alert.explode")) {
      try MethodCatalog.check("alert.explode", tier: .admin)
    }
    #expect(MethodCatalog.topics["keys"] == .admin)
    #expect(Tier.observe < .drive && Tier.drive < .admin)
  }
}
