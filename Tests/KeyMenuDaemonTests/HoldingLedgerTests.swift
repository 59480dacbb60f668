import KeyMenuProtocol
import Testing

@testable import KeyMenuDaemon

/// The bookkeeping behind the per-uid and daemon-wide bounds on what
/// clients hold (docs/PROTOCOL.md, Limits).
@Suite struct HoldingLedgerTests {
  typealias Ledger = HoldingLedger<String>

  static func waiting(_ uid: UInt32, _ bytes: Int = 10) -> Ledger.Holding {
    .init(uid: uid, kind: .waiting, bytes: bytes)
  }

  static func defined(_ uid: UInt32, _ bytes: Int = 10) -> Ledger.Holding {
    .init(uid: uid, kind: .defined, bytes: bytes)
  }

  /// Small bounds, and objects that cost only their parts' bytes.
  static let small = Ledger(
    perUID: .init(waiting: 3, defined: 2, bytes: 100), whole: .init(waiting: 5, defined: 3, bytes: 150),
    objectCost: 0)

  @Test func theDefaultBoundsAreProtocolLimits() {
    let ledger = HoldingLedger<String>()
    #expect(ledger.perUID == .init(waiting: 256, defined: 256, bytes: 32 * 1024 * 1024))
    #expect(ledger.whole == .init(waiting: 2048, defined: 2048, bytes: 64 * 1024 * 1024))
    #expect(ledger.objectCost == HoldingCost.object)
  }

  /// Issue 28, finding 2: an object costs its own memory besides its text,
  /// so objects with next to no text still fill the share (before, a uid
  /// could hold 4 MiB of 1-byte titles: millions of objects).
  @Test func everyObjectCostsItsOwnMemoryBesidesItsParts() throws {
    var ledger = Ledger(
      perUID: .init(waiting: 100, defined: 100, bytes: 1000),
      whole: .init(waiting: 100, defined: 100, bytes: 5000),
      objectCost: 300)
    for n in 0..<3 { try ledger.reserve("a\(n)", Self.waiting(1000, 1)) }
    #expect(ledger.totals(of: 1000).bytes == 3 * 301)
    #expect(throws: RPCError.self) { try ledger.reserve("a3", Self.waiting(1000, 1)) }
    ledger.release("a0")
    #expect(ledger.totals(of: 1000).bytes == 2 * 301)
    try ledger.reserve("a3", Self.waiting(1000, 1))
  }

  @Test func aUIDIsRefusedBeyondItsWaitingShareAndOthersAreNot() throws {
    var ledger = Self.small
    for n in 0..<3 { try ledger.reserve("a\(n)", Self.waiting(1000)) }
    #expect(
      throws: RPCError.limitReached(
        "uid 1000 already has 3 alerts and menus waiting for answers (at most 3 per uid)")
    ) { try ledger.reserve("a3", Self.waiting(1000)) }
    #expect(ledger.count == 3)
    // A defined menu is another kind: still allowed.
    try ledger.reserve("m0", Self.defined(1000))
    try ledger.reserve("b0", Self.waiting(0))
    try ledger.reserve("b1", Self.waiting(0))
    // Now the daemon as a whole is full.
    #expect(
      throws: RPCError.limitReached(
        "the daemon already has 5 alerts and menus waiting for answers (at most 5 in all)")
    ) { try ledger.reserve("c0", Self.waiting(7)) }
    #expect(ledger.totals(of: 1000) == .init(waiting: 3, defined: 1, bytes: 40))
    #expect(ledger.total == .init(waiting: 5, defined: 1, bytes: 60))
  }

  @Test func definedMenusAndBytesHaveTheirOwnBounds() throws {
    var ledger = Self.small
    try ledger.reserve("m0", Self.defined(1))
    try ledger.reserve("m1", Self.defined(1))
    #expect(throws: RPCError.limitReached("uid 1 already defines 2 menus (at most 2 per uid)")) {
      try ledger.reserve("m2", Self.defined(1))
    }
    try ledger.reserve("w0", Self.waiting(2, 90))
    #expect(
      throws: RPCError.limitReached(
        "uid 2 already holds 90 bytes of memory in waiting requests and definitions; this needs 11 more (at most 100 per uid)"
      )
    ) { try ledger.reserve("w1", Self.waiting(2, 11)) }
    try ledger.reserve("w1", Self.waiting(2, 10))
    // Nothing more to hold fits in a full uid's share; nothing-to-hold does.
    try ledger.reserve("w2", Self.waiting(2, 0))
    #expect(ledger.totals(of: 2).bytes == 100)
    try ledger.reserve("x0", Self.waiting(3, 25))
    #expect(
      throws: RPCError.limitReached(
        "the daemon already holds 145 bytes of memory in waiting requests and definitions; this needs 6 more (at most 150 in all)"
      )
    ) { try ledger.reserve("x1", Self.waiting(3, 6)) }
  }

  @Test func aRedefinitionCountsInPlaceOfWhatItReplaces() throws {
    var ledger = Self.small
    try ledger.reserve("m0", Self.defined(1, 60))
    try ledger.reserve("m1", Self.defined(1, 30))
    // Redefining m0 with 70 bytes: 30 + 70 fits the 100 bytes, the count stays 2.
    try ledger.reserve("m0", Self.defined(1, 70))
    #expect(ledger.totals(of: 1) == .init(waiting: 0, defined: 2, bytes: 100))
    #expect(throws: RPCError.self) { try ledger.reserve("m1", Self.defined(1, 31)) }
    // The refusal counts what m1 holds as held, and asks for the growth.
    #expect(
      throws: RPCError.limitReached(
        "uid 1 already holds 100 bytes of memory in waiting requests and definitions; this needs 1 more (at most 100 per uid)"
      )
    ) { try ledger.reserve("m1", Self.defined(1, 31)) }
    // A refused redefinition leaves the old one in place.
    #expect(ledger["m1"] == Self.defined(1, 30))
    // check() alone changes nothing.
    try ledger.check("m1", Self.defined(1, 30))
    #expect(ledger.count == 2)
  }

  @Test func releasingGivesTheShareBackAndTwiceIsHarmless() throws {
    var ledger = Self.small
    for n in 0..<3 { try ledger.reserve("a\(n)", Self.waiting(1000, 30)) }
    #expect(ledger.release("a1") == Self.waiting(1000, 30))
    #expect(ledger.release("a1") == nil)
    #expect(ledger.release("never") == nil)
    try ledger.reserve("a3", Self.waiting(1000, 30))
    #expect(throws: RPCError.self) { try ledger.reserve("a4", Self.waiting(1000)) }
    ledger.releaseAll { $0.hasPrefix("a") }
    #expect(ledger.count == 0)
    #expect(ledger.totals(of: 1000) == .init())
    #expect(ledger.total == .init())
    // The same uid can hold as much again.
    for n in 0..<3 { try ledger.reserve("again\(n)", Self.waiting(1000, 30)) }
    #expect(ledger.totals(of: 1000) == .init(waiting: 3, defined: 0, bytes: 90))
  }

  /// Random reserves and releases: the totals always equal the sum of what
  /// is held, and no bound is ever passed.
  @Test func totalsAlwaysMatchWhatIsHeld() {
    var ledger = Self.small
    var held: [String: Ledger.Holding] = [:]
    var seed: UInt64 = 0x6C65_6467_6572
    func next(_ range: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(range))
    }
    var refused = 0
    for _ in 0..<5000 {
      let key = "k\(next(12))"
      if next(3) == 0 {
        if ledger.release(key) != nil { held[key] = nil }
      } else {
        let holding = Ledger.Holding(
          uid: UInt32(next(3)), kind: next(2) == 0 ? .waiting : .defined, bytes: next(40))
        do {
          try ledger.reserve(key, holding)
          held[key] = holding
        } catch {
          refused += 1
        }
      }
      var all = Ledger.Totals()
      var uids: [UInt32: Ledger.Totals] = [:]
      for holding in held.values {
        all.waiting += holding.kind == .waiting ? 1 : 0
        all.defined += holding.kind == .defined ? 1 : 0
        all.bytes += holding.bytes
        uids[holding.uid, default: .init()].waiting += holding.kind == .waiting ? 1 : 0
        uids[holding.uid, default: .init()].defined += holding.kind == .defined ? 1 : 0
        uids[holding.uid, default: .init()].bytes += holding.bytes
      }
      #expect(ledger.total == all)
      #expect(all.waiting <= 5 && all.defined <= 3 && all.bytes <= 150)
      for uid in UInt32(0)..<3 {
        let totals = uids[uid] ?? .init()
        #expect(ledger.totals(of: uid) == totals)
        #expect(totals.waiting <= 3 && totals.defined <= 2 && totals.bytes <= 100)
      }
    }
    #expect(refused > 100)
  }
}

/// Issue 28: two drive uids at their caps filled the daemon-wide share and
/// every other uid's new objects were refused. Root and the daemon's own uid
/// (the configuration, people's keys) are held to their own share only.
@Suite struct HoldingLedgerExemptionTests {
  @Test func rootAndTheConfigurationStillHoldWhenClientsFilledTheDaemonsShare() throws {
    var ledger = HoldingLedger<String>(
      perUID: .init(waiting: 10, defined: 10, bytes: 100), whole: .init(waiting: 4, defined: 4, bytes: 150),
      objectCost: 0, exemptFromWhole: [0, 999])
    try ledger.reserve("a", .init(uid: 1000, kind: .waiting, bytes: 80))
    try ledger.reserve("b", .init(uid: 1001, kind: .waiting, bytes: 70))
    #expect(throws: RPCError.self) { try ledger.reserve("c", .init(uid: 1002, kind: .waiting, bytes: 1)) }
    try ledger.reserve("root", .init(uid: 0, kind: .waiting, bytes: 90))
    try ledger.reserve("config", .init(uid: 999, kind: .waiting, bytes: 90))
    // Their own share still binds them.
    #expect(throws: RPCError.self) { try ledger.reserve("root2", .init(uid: 0, kind: .waiting, bytes: 20)) }
    #expect(ledger.total.bytes == 330)
  }
}
