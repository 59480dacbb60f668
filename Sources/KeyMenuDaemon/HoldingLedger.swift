import KeyMenuCore
import KeyMenuProtocol

/// What clients make the daemon hold for them, per uid and in all: requests
/// waiting for a person's answer, definitions kinds keep for them, and what
/// they cost in memory (``HoldingCost``: each object, item and line, and
/// their text as often as it is kept), in bytes. The per-connection limits
/// alone let one user open many connections and fill the memory; these
/// bounds (``ProtocolLimits``) hold across all of a uid's connections and
/// across all uids.
///
/// Pure bookkeeping, keyed by whatever names an object: ``reserve(_:_:)``
/// records a holding when a request is accepted and refuses one that would
/// pass a bound (`-32007`, naming it), ``release(_:)`` forgets it when the
/// object ends. Releasing a key that is not held does nothing, so every path
/// that ends an object (answered, timed out, dismissed, closed, removed, its
/// client gone) may release it without knowing whether another did first.
struct HoldingLedger<Key: Hashable & Sendable>: Sendable {
  /// What one object holds.
  struct Holding: Hashable, Sendable {
    /// Whether an object waits for an answer or is a definition.
    enum Kind: Hashable, Sendable {
      case waiting
      case defined
    }

    var uid: UInt32
    var kind: Kind
    /// What the object's parts cost (``HoldingCost``: its items, lines and
    /// texts); the ledger adds the object's own cost.
    var bytes: Int
  }

  /// Counts for one uid, or for the daemon.
  struct Totals: Hashable, Sendable {
    var waiting = 0
    var defined = 0
    /// What the objects cost in memory, their own cost included.
    var bytes = 0

    fileprivate mutating func add(_ holding: Holding, object: Int, times sign: Int = 1) {
      switch holding.kind {
      case .waiting: waiting += sign
      case .defined: defined += sign
      }
      bytes += sign * (holding.bytes + object)
    }

    fileprivate func adding(_ holding: Holding, object: Int, times sign: Int = 1) -> Totals {
      var totals = self
      totals.add(holding, object: object, times: sign)
      return totals
    }
  }

  /// The most one uid, or the daemon, may hold.
  struct Bounds: Hashable, Sendable {
    var waiting: Int
    var defined: Int
    var bytes: Int

    /// ``ProtocolLimits``' bounds for one uid.
    static var perUID: Bounds {
      Bounds(
        waiting: ProtocolLimits.maximumWaitingPerUID, defined: ProtocolLimits.maximumDefinitionsPerUID,
        bytes: ProtocolLimits.maximumHeldBytesPerUID)
    }

    /// ``ProtocolLimits``' bounds for the whole daemon.
    static var whole: Bounds {
      Bounds(
        waiting: ProtocolLimits.maximumWaitingInAll, defined: ProtocolLimits.maximumDefinitionsInAll,
        bytes: ProtocolLimits.maximumHeldBytesInAll)
    }
  }

  let perUID: Bounds
  let whole: Bounds
  /// What an object costs besides its parts (``HoldingCost/object``).
  let objectCost: Int
  /// Uids held to their own bound only, not to the daemon's: root and the
  /// daemon's own (what the configuration and people's keys raise), so
  /// that clients filling the daemon-wide share never lock them out.
  let exemptFromWhole: Set<UInt32>
  private var holdings: [Key: Holding] = [:]
  private var uids: [UInt32: Totals] = [:]
  /// What all uids hold together.
  private(set) var total = Totals()

  /// An empty ledger with these bounds, each object costing `objectCost` besides its parts.
  init(
    perUID: Bounds = .perUID, whole: Bounds = .whole, objectCost: Int = HoldingCost.object,
    exemptFromWhole: Set<UInt32> = []
  ) {
    self.perUID = perUID
    self.whole = whole
    self.objectCost = objectCost
    self.exemptFromWhole = exemptFromWhole
  }

  /// What `uid` holds now.
  func totals(of uid: UInt32) -> Totals { uids[uid] ?? Totals() }

  /// How many objects are held.
  var count: Int { holdings.count }

  /// What `key` holds, if anything.
  subscript(key: Key) -> Holding? { holdings[key] }

  /// Throws `-32007` if recording `holding` under `key` (in place of what
  /// `key` holds now) would pass a bound; changes nothing.
  func check(_ key: Key, _ holding: Holding) throws(RPCError) {
    var mine = totals(of: holding.uid)
    var all = total
    // What `key` holds now, which `holding` would take the place of (a
    // request growing by parts, a redefinition): left out of the totals it is
    // checked against, and named in a refusal as held already.
    let old = holdings[key]
    let replaced = old.map { $0.bytes + objectCost } ?? 0
    let replacedOfMine = old?.uid == holding.uid ? replaced : 0
    if let old {
      if old.uid == holding.uid { mine.add(old, object: objectCost, times: -1) }
      all.add(old, object: objectCost, times: -1)
    }
    let cost = holding.bytes + objectCost
    try Self.check(
      mine, adding: holding, cost: cost, replacing: replacedOfMine, within: perUID, who: "uid \(holding.uid)",
      scope: "per uid")
    if !exemptFromWhole.contains(holding.uid) {
      try Self.check(
        all, adding: holding, cost: cost, replacing: replaced, within: whole, who: "the daemon",
        scope: "in all")
    }
  }

  /// Records `holding` under `key`, in place of what `key` held, without
  /// checking the bounds (after ``check(_:_:)`` passed).
  mutating func record(_ key: Key, _ holding: Holding) {
    release(key)
    holdings[key] = holding
    uids[holding.uid, default: Totals()].add(holding, object: objectCost)
    total.add(holding, object: objectCost)
  }

  /// Checks and records `holding` under `key`; `-32007` naming the bound
  /// it would pass, and then nothing changes.
  mutating func reserve(_ key: Key, _ holding: Holding) throws(RPCError) {
    try check(key, holding)
    record(key, holding)
  }

  /// Forgets what `key` holds; returns it, or nil when nothing was held.
  @discardableResult
  mutating func release(_ key: Key) -> Holding? {
    guard let holding = holdings.removeValue(forKey: key) else { return nil }
    holdings.shrinkIfSparse()
    let left = totals(of: holding.uid).adding(holding, object: objectCost, times: -1)
    uids[holding.uid] = left == Totals() ? nil : left
    total.add(holding, object: objectCost, times: -1)
    return holding
  }

  /// Forgets every key `belongs` picks (all of a client's objects when it goes).
  mutating func releaseAll(where belongs: (Key) -> Bool) {
    for key in holdings.keys where belongs(key) { release(key) }
  }

  /// Throws when `held` (without what `holding` replaces) and `holding`'s
  /// `cost` pass `bounds`; the refusal counts the replaced bytes as held
  /// and asks only for the growth.
  private static func check(
    _ held: Totals, adding holding: Holding, cost: Int, replacing replaced: Int, within bounds: Bounds,
    who: String, scope: String
  ) throws(RPCError) {
    switch holding.kind {
    case .waiting where held.waiting + 1 > bounds.waiting:
      throw .waitingLimitReached(who, held: held.waiting, bound: bounds.waiting, scope: scope)
    case .defined where held.defined + 1 > bounds.defined:
      throw .definedLimitReached(who, held: held.defined, bound: bounds.defined, scope: scope)
    default: break
    }
    if cost > 0, held.bytes + cost > bounds.bytes {
      throw .limitReached(
        "\(who) already holds \(held.bytes + replaced) bytes of memory in waiting requests and definitions;"
          + " this needs \(cost - replaced) more (at most \(bounds.bytes) \(scope))")
    }
  }
}

/// What names a held object in the daemon's ``HoldingLedger``.
enum HoldingKey: Hashable, Sendable {
  /// An object waiting for a person's answer: the request that showed it.
  case request(client: Int, id: RPCID)
  /// A definition a plugin keeps for a client, by the
  /// plugin's name and the definition's (``ClientHoldings``).
  case definition(plugin: String, name: String)
  /// What a configured action shows, set off by a client or by the
  /// configuration, numbered by the daemon (``RaisedBook``).
  case raised(number: Int)
}
