/// Maps a connection's peer credentials to a ``Tier``.
///
/// Rules are checked in order; the first that matches decides. The default
/// policy: root and members of the admin group are `admin`, members of the
/// socket group `drive`, anyone else who can connect `observe`.
public struct TierPolicy: Hashable, Sendable {
  /// Who a rule applies to.
  public enum Subject: Hashable, Sendable {
    case uid(UInt32)
    case gid(UInt32)
  }

  /// One rule: this subject gets this tier.
  public struct Rule: Hashable, Sendable {
    public var subject: Subject
    public var tier: Tier
    /// Creates a rule.
    public init(_ subject: Subject, _ tier: Tier) {
      self.subject = subject
      self.tier = tier
    }
  }

  /// The rules, first match wins.
  public var rules: [Rule]
  /// The tier when no rule matches.
  public var fallback: Tier

  /// Creates a policy.
  public init(rules: [Rule], fallback: Tier = .observe) {
    self.rules = rules
    self.fallback = fallback
  }

  /// The default policy for an admin group and a socket group.
  ///
  /// `daemonUser`, the uid the daemon runs as, is `admin` too: a process of
  /// that user can signal and trace the daemon anyway, and this is how
  /// keymenud.service's `ExecReload=keymenuctl reload`, run as that user,
  /// reloads and waits for the verdict.
  public static func standard(adminGroup: UInt32?, socketGroup: UInt32?, daemonUser: UInt32? = nil)
    -> TierPolicy
  {
    var rules = [Rule(.uid(0), .admin)]
    if let daemonUser, daemonUser != 0 { rules.append(Rule(.uid(daemonUser), .admin)) }
    if let adminGroup { rules.append(Rule(.gid(adminGroup), .admin)) }
    if let socketGroup { rules.append(Rule(.gid(socketGroup), .drive)) }
    return TierPolicy(rules: rules)
  }

  /// The tier of a peer with this uid, primary gid and supplementary groups.
  public func tier(uid: UInt32, gid: UInt32, groups: [UInt32]) -> Tier {
    for rule in rules {
      switch rule.subject {
      case .uid(let id) where id == uid: return rule.tier
      case .gid(let id) where id == gid || groups.contains(id): return rule.tier
      default: continue
      }
    }
    return fallback
  }
}
