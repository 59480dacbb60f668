/// Walks a person through their remote, key by key, and records the
/// scancode of each button (`keymenuctl learn`): a pure state machine with
/// an injected clock.
///
/// - It asks for each key of ``keys`` in turn (``Step/ask(_:)``).
/// - The first scancode that comes is that key's; the same scancode again
///   within ``repeatGap`` of its last arrival is the button still held (a
///   remote repeats it every 110 ms), not a second press.
/// - A scancode already taken by an earlier key is refused
///   (``Step/taken(_:by:)``) and the key is asked again.
/// - A key with no press for ``timeout`` is skipped.
/// - ``table`` is what was learned; ``Step/done`` comes after the last key.
public struct ScancodeLearner: Sendable {
  /// What the learner says next.
  public enum Step: Hashable, Sendable {
    /// Ask for this key.
    case ask(KeyCode)
    /// This key's button sends this scancode.
    case learned(KeyCode, UInt32)
    /// This scancode is already another key's; the key is asked again.
    case taken(UInt32, by: KeyCode)
    /// Nothing came for this key in time; it is left out.
    case skipped(KeyCode)
    /// Every key was asked.
    case done
  }

  /// The keys to learn, in order.
  public let keys: [KeyCode]
  /// How long to wait for each key.
  public let timeout: Duration
  /// How close the same scancode must follow its last arrival to be the
  /// button still held.
  public let repeatGap: Duration
  /// What was learned: each key's scancode.
  public private(set) var table: [(key: KeyCode, scancode: UInt32)] = []

  private var index = 0
  private var askedAt: ContinuousClock.Instant
  private var lastScan: (code: UInt32, at: ContinuousClock.Instant)?

  /// A learner that asks for `keys` from `now` on.
  public init(
    keys: [KeyCode], timeout: Duration = .seconds(15), repeatGap: Duration = .milliseconds(300),
    at now: ContinuousClock.Instant
  ) {
    self.keys = keys
    self.timeout = timeout
    self.repeatGap = repeatGap
    askedAt = now
  }

  /// The first step: ask for the first key (or done, with no keys).
  public var first: Step { keys.isEmpty ? .done : .ask(keys[0]) }

  /// Whether every key was asked.
  public var isDone: Bool { index >= keys.count }

  /// When the key being asked is skipped unless a press comes.
  public var deadline: ContinuousClock.Instant? { isDone ? nil : askedAt + timeout }

  /// A scancode arrived at `now`.
  public mutating func scanned(_ code: UInt32, at now: ContinuousClock.Instant) -> [Step] {
    defer { lastScan = (code, now) }
    guard !isDone else { return [] }
    if let lastScan, lastScan.code == code, now - lastScan.at <= repeatGap { return [] }
    let key = keys[index]
    if let owner = table.first(where: { $0.scancode == code }) {
      return [.taken(code, by: owner.key), .ask(key)]
    }
    table.append((key, code))
    return [.learned(key, code)] + next(at: now)
  }

  /// Time passed: the key being asked is skipped once its time is over.
  public mutating func tick(at now: ContinuousClock.Instant) -> [Step] {
    guard let deadline, now >= deadline else { return [] }
    return [.skipped(keys[index])] + next(at: now)
  }

  private mutating func next(at now: ContinuousClock.Instant) -> [Step] {
    index += 1
    askedAt = now
    return isDone ? [.done] : [.ask(keys[index])]
  }
}
