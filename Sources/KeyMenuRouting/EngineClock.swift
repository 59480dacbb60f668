public import KeyMenuPluginAPI

/// The engine's timers on a clock that only moves when told to.
///
/// A pure state machine: ``schedule(after:)`` and ``cancel(_:)`` record
/// deadlines; ``advance(to:)`` returns the timers that are due, in deadline
/// order (ties in scheduling order), and moves time forward. The daemon
/// advances it to the real elapsed time when the earliest deadline comes;
/// `keymenuctl simulate` and tests advance it by virtual time.
public struct EngineClock: Sendable {
  /// Time since the engine started.
  public private(set) var now: Duration = .zero
  private var timers: [(deadline: Duration, token: TimerToken)] = []
  private var nextID: UInt64 = 1

  /// A clock at zero with no timers.
  public init() {}

  /// The earliest pending deadline, if any.
  public var nextDeadline: Duration? { timers.first?.deadline }

  /// Records a timer `delay` from now.
  public mutating func schedule(after delay: Duration) -> TimerToken {
    let token = TimerToken(id: nextID)
    nextID += 1
    let deadline = now + max(delay, .zero)
    let index = timers.firstIndex { $0.deadline > deadline } ?? timers.count
    timers.insert((deadline, token), at: index)
    return token
  }

  /// Forgets a timer; returns whether it was pending.
  @discardableResult
  public mutating func cancel(_ token: TimerToken) -> Bool {
    guard let index = timers.firstIndex(where: { $0.token == token }) else { return false }
    timers.remove(at: index)
    return true
  }

  /// Removes and returns the earliest timer due at or before `time`, moving
  /// `now` to its deadline; nil (and `now` = `time`) when none is due.
  public mutating func popDue(before time: Duration) -> TimerToken? {
    guard let first = timers.first, first.deadline <= time else {
      now = max(now, time)
      return nil
    }
    timers.removeFirst()
    now = max(now, first.deadline)
    return first.token
  }
}
