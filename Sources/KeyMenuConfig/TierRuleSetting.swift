public import KeyMenuProtocol

/// One `[[socket.tiers]]` rule: clients running as this user or in this
/// group get this tier.
public struct TierRuleSetting: Hashable, Sendable {
  /// Who the rule is about, by name or by number.
  public enum Subject: Hashable, Sendable {
    /// `user = "alice"`.
    case user(String)
    /// `uid = 1000`.
    case uid(UInt32)
    /// `group = "wheel"` (primary or supplementary).
    case group(String)
    /// `gid = 10`.
    case gid(UInt32)
  }

  /// Who the rule is about.
  public var subject: Subject
  /// The tier they get.
  public var tier: Tier
  /// Where the rule was written.
  public var location: ConfigLocation

  /// Creates a rule.
  public init(subject: Subject, tier: Tier, location: ConfigLocation) {
    self.subject = subject
    self.tier = tier
    self.location = location
  }
}
