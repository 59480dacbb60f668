public import KeyMenuProtocol

/// The `[socket]` section: where the control socket lives, who may connect,
/// and which tier each client gets.
public struct SocketSettings: Hashable, Sendable {
  /// The socket's path.
  public var path: String
  /// The group that owns the socket; its members get `drive` by default.
  public var group: String?
  /// The socket's permission bits, e.g. `0o660`.
  public var mode: UInt32
  /// Members of this group get `admin` by default.
  public var adminGroup: String?
  /// Explicit tier rules, checked in order before the standard ones.
  public var tiers: [TierRuleSetting]

  /// Creates settings; the defaults are the documented ones.
  public init(
    path: String = "/run/keymenu/keymenu.sock", group: String? = "keymenu", mode: UInt32 = 0o660,
    adminGroup: String? = "keymenu-admin", tiers: [TierRuleSetting] = []
  ) {
    self.path = path
    self.group = group
    self.mode = mode
    self.adminGroup = adminGroup
    self.tiers = tiers
  }

  /// The tier policy these settings describe: the explicit rules in order,
  /// then ``TierPolicy/standard(adminGroup:socketGroup:daemonUser:)`` (root, the daemon's own user and the admin
  /// group `admin`, the socket group `drive`, anyone else `observe`).
  ///
  /// Names are looked up now, so a user or group created after the
  /// configuration was loaded counts; a name that does not exist (any more)
  /// drops its rule.
  public func tierPolicy(lookup: AccountLookup, daemonUser: UInt32? = nil) -> TierPolicy {
    let explicit: [TierPolicy.Rule] = tiers.compactMap { rule in
      let subject: TierPolicy.Subject? =
        switch rule.subject {
        case .uid(let uid): .uid(uid)
        case .gid(let gid): .gid(gid)
        case .user(let name): lookup.userID(name).map { .uid($0) }
        case .group(let name): lookup.groupID(name).map { .gid($0) }
        }
      return subject.map { TierPolicy.Rule($0, rule.tier) }
    }
    let standard = TierPolicy.standard(
      adminGroup: adminGroup.flatMap(lookup.groupID), socketGroup: group.flatMap(lookup.groupID),
      daemonUser: daemonUser)
    return TierPolicy(rules: explicit + standard.rules, fallback: standard.fallback)
  }
}
