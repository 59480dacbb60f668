/// When to give the allocator's free memory back to the kernel
/// (``Allocator/releaseFreeMemory()``): once the daemon is quiet after
/// something that held memory ended. A pure state machine on the engine's
/// clock; the core tells it what it holds after each wake and carries out
/// the actions (a timer, the trim).
///
/// "Something ended" is the daemon holding less than at the last wake:
/// fewer clients, a shallower modal stack, fewer bytes held for clients;
/// or a connection's channel closing (``ended(at:)``): a slow reader counts
/// as gone when it is given up, and its unread lines are freed when its
/// channel closes, up to a couple of seconds later. The trim comes ``quiet`` after the last such end, or
/// ``longest`` after the first when ends keep coming (a steady load), so a
/// burst's memory is back within a second or two after it, a busy daemon
/// trims at most every ``longest``, and one that holds nothing new never
/// wakes for it.
struct MemoryReturn {
  /// What the daemon holds, as far as memory given back goes.
  struct Footprint: Equatable {
    var clients = 0
    var modalDepth = 0
    var heldBytes = 0

    /// Whether something in `self` ended since `earlier`.
    func shrank(from earlier: Footprint) -> Bool {
      clients < earlier.clients || modalDepth < earlier.modalDepth || heldBytes < earlier.heldBytes
    }
  }

  /// What to do.
  enum Action: Equatable {
    /// Nothing.
    case none
    /// Call ``checkDue(at:)`` at this time of the engine clock.
    case check(at: Duration)
    /// Give the free memory back now.
    case trim
  }

  /// How long after the last end the trim comes.
  static let quiet = Duration.seconds(1)
  /// How long after the first end, at most, when ends keep coming.
  static let longest = Duration.seconds(10)

  private var held = Footprint()
  /// The first and the last end since the last trim.
  private var firstEnd: Duration?
  private var lastEnd: Duration?
  /// Whether a check is scheduled (its timer will look again).
  private var checkScheduled = false

  /// What the daemon holds now, after a wake.
  mutating func observe(_ footprint: Footprint, at now: Duration) -> Action {
    defer { held = footprint }
    guard footprint.shrank(from: held) else { return .none }
    return ended(at: now)
  }

  /// Something that held memory ended, which the footprint does not show
  /// (a connection's channel closed after its client counted as gone).
  mutating func ended(at now: Duration) -> Action {
    lastEnd = now
    if firstEnd == nil { firstEnd = now }
    guard !checkScheduled else { return .none }
    checkScheduled = true
    return .check(at: now + Self.quiet)
  }

  /// The check scheduled by the last `.check` came due.
  mutating func checkDue(at now: Duration) -> Action {
    checkScheduled = false
    guard let firstEnd, let lastEnd else { return .none }
    let due = min(lastEnd + Self.quiet, firstEnd + Self.longest)
    guard now >= due else {
      checkScheduled = true
      return .check(at: due)
    }
    self.firstEnd = nil
    self.lastEnd = nil
    return .trim
  }
}
