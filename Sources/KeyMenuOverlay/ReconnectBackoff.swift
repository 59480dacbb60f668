/// How long to wait before each attempt to reach keymenud again: 100 ms,
/// doubling up to 5 s, back to the start once a connection is followed.
public struct ReconnectBackoff: Hashable, Sendable {
  /// The first delay, in milliseconds.
  public var initial = 100
  /// The longest delay, in milliseconds.
  public var limit = 5000
  private var attempts = 0

  /// Creates a backoff at its first delay.
  public init(initial: Int = 100, limit: Int = 5000) {
    self.initial = initial
    self.limit = limit
  }

  /// The delay before the next attempt; each call doubles the one after.
  public mutating func next() -> Int {
    defer { attempts += 1 }
    let factor = 1 << min(attempts, 20)
    return min(limit, initial * factor)
  }

  /// Starts again from the first delay.
  public mutating func reset() { attempts = 0 }
}
