/// Which configured commands run, who they are charged to, and whether one
/// more may start: at most `maximumPerUID` for each uid whose request started
/// them and `maximumTotal` in all (a person's hotkeys and buttons count in
/// the total only).
///
/// A command holds its slot while its process runs and while its
/// `KEYMENU_FD` connection is open (a process it handed descriptor 3 to may
/// keep it after the command exits): the slot is what its descriptors and
/// processes cost, so the bound on slots bounds them. A pure count with no
/// I/O; refusals are counted per burst so the first is logged and the end
/// of the burst is one line with how many were refused.
struct CommandShares: Sendable {
  /// Who a command is charged to.
  enum Charge: Hashable, Sendable, CustomStringConvertible {
    /// The uid of the client whose request started it (`selector.invoke`).
    case uid(UInt32)
    /// A person at a keyboard (a hotkey, or a choice made with keys).
    case person

    var description: String {
      switch self {
      case .uid(let uid): "uid \(uid)"
      case .person: "the keyboard"
      }
    }
  }

  /// A command's number, from its admission to the release of its slot.
  struct ID: Hashable, Sendable, Comparable {
    var rawValue: UInt64
    static func < (lhs: ID, rhs: ID) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// What ``admit(_:)`` decided.
  enum Admission: Equatable, Sendable {
    /// The command may start; ``started(_:pid:connection:)`` or ``release(_:)`` follows.
    case admitted(ID)
    /// `maximumTotal` commands run already.
    case refusedTotal(firstInBurst: Bool)
    /// The charge's uid runs its share already.
    case refusedShare(firstInBurst: Bool)
  }

  /// The end of a burst of refusals: the charge (nil for the total) is back
  /// under its bound after `refused` commands were refused.
  struct BurstEnded: Equatable, Sendable {
    var charge: Charge?
    var refused: Int
  }

  /// One admitted command.
  struct Entry: Equatable, Sendable {
    var charge: Charge
    /// Its process group (its pid: it starts its own session); nil until started.
    var pid: Int32?
    var processRunning = false
    var connectionOpen = false
  }

  let maximumTotal: Int
  let maximumPerUID: Int
  private(set) var entries: [ID: Entry] = [:]
  private var held: [Charge: Int] = [:]
  private var byPID: [Int32: ID] = [:]
  private var refusedByCharge: [Charge: Int] = [:]
  private var refusedForTotal = 0
  private var nextID: UInt64 = 1

  /// Creates an empty count.
  init(maximumTotal: Int, maximumPerUID: Int) {
    self.maximumTotal = maximumTotal
    self.maximumPerUID = maximumPerUID
  }

  /// The same commands under new bounds (a reload): what runs keeps running.
  func withBounds(maximumTotal: Int, maximumPerUID: Int) -> CommandShares {
    var shares = CommandShares(maximumTotal: maximumTotal, maximumPerUID: maximumPerUID)
    shares.entries = entries
    shares.held = held
    shares.byPID = byPID
    shares.refusedByCharge = refusedByCharge
    shares.refusedForTotal = refusedForTotal
    shares.nextID = nextID
    return shares
  }

  /// Slots held now, in all.
  var total: Int { entries.count }

  /// Slots `charge` holds now.
  func running(of charge: Charge) -> Int { held[charge] ?? 0 }

  /// Counts a new command for `charge`, or says why it is refused.
  mutating func admit(_ charge: Charge) -> Admission {
    if case .uid = charge, running(of: charge) >= maximumPerUID {
      refusedByCharge[charge, default: 0] += 1
      return .refusedShare(firstInBurst: refusedByCharge[charge] == 1)
    }
    if total >= maximumTotal {
      refusedForTotal += 1
      return .refusedTotal(firstInBurst: refusedForTotal == 1)
    }
    let id = ID(rawValue: nextID)
    nextID += 1
    entries[id] = Entry(charge: charge)
    held[charge, default: 0] += 1
    return .admitted(id)
  }

  /// The admitted command `id` started as `pid`, holding a `KEYMENU_FD`
  /// connection or not.
  mutating func started(_ id: ID, pid: Int32, connection: Bool) {
    guard entries[id] != nil else { return }
    entries[id]?.pid = pid
    entries[id]?.processRunning = true
    entries[id]?.connectionOpen = connection
    byPID[pid] = id
  }

  /// The process `pid` was reaped: the command it was, if it was one.
  mutating func processExited(pid: Int32) -> (ID, [BurstEnded])? {
    guard let id = byPID.removeValue(forKey: pid) else { return nil }
    entries[id]?.processRunning = false
    return (id, releaseIfDone(id))
  }

  /// The command's `KEYMENU_FD` connection closed (or could not be served).
  mutating func connectionClosed(_ id: ID) -> [BurstEnded] {
    guard entries[id] != nil else { return [] }
    entries[id]?.connectionOpen = false
    return releaseIfDone(id)
  }

  /// Gives the slot back at once (the command did not start).
  mutating func release(_ id: ID) -> [BurstEnded] {
    guard let entry = entries.removeValue(forKey: id) else { return [] }
    if let pid = entry.pid { byPID[pid] = nil }
    let count = held[entry.charge] ?? 1
    held[entry.charge] = count <= 1 ? nil : count - 1
    var ended: [BurstEnded] = []
    if let refused = refusedByCharge.removeValue(forKey: entry.charge) {
      ended.append(BurstEnded(charge: entry.charge, refused: refused))
    }
    if refusedForTotal > 0 {
      ended.append(BurstEnded(charge: nil, refused: refusedForTotal))
      refusedForTotal = 0
    }
    return ended
  }

  private mutating func releaseIfDone(_ id: ID) -> [BurstEnded] {
    guard let entry = entries[id], !entry.processRunning, !entry.connectionOpen else { return [] }
    return release(id)
  }
}
