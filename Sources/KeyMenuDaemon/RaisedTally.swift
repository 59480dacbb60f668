/// The bookkeeping of what configured actions show (``RaisedBook``), with
/// no I/O: the numbers their holdings go under, and the bursts of refusals
/// per uid, so that a flood past a bound is logged as one line when it
/// starts and one when the uid is back under, not one per refusal.
struct RaisedTally: Sendable {
  /// The end of a burst: `uid` may hold again; `refused` were refused in it.
  struct Burst: Hashable, Sendable {
    var uid: UInt32
    var refused: Int
  }

  private var nextNumber = 0
  /// Refusals counted per uid since the first of its burst.
  private var refusals: [UInt32: Int] = [:]

  /// The uids whose bursts go on.
  var refusing: Set<UInt32> { Set(refusals.keys) }

  /// A number no holding had before.
  mutating func takeNumber() -> Int {
    defer { nextNumber += 1 }
    return nextNumber
  }

  /// Counts a refusal for `uid`; true when it starts a burst (log it).
  mutating func refused(_ uid: UInt32) -> Bool {
    refusals[uid, default: 0] += 1
    return refusals[uid] == 1
  }

  /// Ends the bursts of the uids `mayHold` says may hold again; returns
  /// them, by uid, to log. Costs nothing when no burst goes on.
  mutating func endBursts(where mayHold: (UInt32) -> Bool) -> [Burst] {
    guard !refusals.isEmpty else { return [] }
    var ended: [Burst] = []
    for (uid, refused) in refusals where mayHold(uid) {
      refusals[uid] = nil
      ended.append(Burst(uid: uid, refused: refused))
    }
    return ended.sorted { $0.uid < $1.uid }
  }
}
