/// Who holds how many connections, and whether one more may come in: at most
/// `maximumTotal` in all, and at most `maximumPerUser` for each uid but root.
///
/// A pure count with no I/O. Refusals are counted per burst so the server
/// logs the first one and, when the uid is back under its share, one line
/// with how many were refused in all (a uid that floods the socket cannot
/// flood the log).
struct ConnectionShares: Sendable {
  /// What ``admit(uid:)`` decided.
  enum Admission: Equatable, Sendable {
    /// The connection counts from now on; call ``release(uid:)`` when it ends.
    case admitted
    /// The daemon holds `maximumTotal` connections already.
    case refusedTotal(firstInBurst: Bool)
    /// This uid holds its share already.
    case refusedShare(firstInBurst: Bool)
  }

  /// The end of a burst of refusals: the uid (nil for the total) is back
  /// under its limit after `refused` connections were turned away.
  struct BurstEnded: Equatable, Sendable {
    var uid: UInt32?
    var refused: Int
  }

  let maximumTotal: Int
  let maximumPerUser: Int
  private(set) var total = 0
  private var held: [UInt32: Int] = [:]
  private var refusedByUID: [UInt32: Int] = [:]
  private var refusedForTotal = 0

  /// Creates an empty count; root (uid 0) is bounded by `maximumTotal` only.
  init(maximumTotal: Int, maximumPerUser: Int) {
    self.maximumTotal = maximumTotal
    self.maximumPerUser = maximumPerUser
  }

  /// Connections `uid` holds now.
  func connections(of uid: UInt32) -> Int { held[uid] ?? 0 }

  /// Counts a new connection from `uid`, or says why it is refused.
  mutating func admit(uid: UInt32) -> Admission {
    if uid != 0, connections(of: uid) >= maximumPerUser {
      refusedByUID[uid, default: 0] += 1
      return .refusedShare(firstInBurst: refusedByUID[uid] == 1)
    }
    if total >= maximumTotal {
      refusedForTotal += 1
      return .refusedTotal(firstInBurst: refusedForTotal == 1)
    }
    total += 1
    held[uid, default: 0] += 1
    return .admitted
  }

  /// Forgets one connection of `uid`; returns the bursts of refusals this
  /// ends (the uid's, the total's), for one log line each.
  mutating func release(uid: UInt32) -> [BurstEnded] {
    guard let count = held[uid], count > 0 else { return [] }
    held[uid] = count == 1 ? nil : count - 1
    total -= 1
    var ended: [BurstEnded] = []
    if let refused = refusedByUID.removeValue(forKey: uid) {
      ended.append(BurstEnded(uid: uid, refused: refused))
    }
    if refusedForTotal > 0 {
      ended.append(BurstEnded(uid: nil, refused: refusedForTotal))
      refusedForTotal = 0
    }
    return ended
  }
}
