/// Keys whose `down` a modal handler consumed: their repeats and their `up`
/// belong to it too, so none of them leak to the next handler.
public struct ConsumedKeys: Hashable, Sendable {
  /// The keys still held after a consumed `down`.
  public private(set) var keys: Set<KeyCode> = []

  /// None yet.
  public init() {}

  /// Remembers a key whose `down` was consumed.
  public mutating func insert(_ key: KeyCode) { keys.insert(key) }

  /// Takes over the keys of another handler (one that went away before the release).
  public mutating func adopt(_ other: ConsumedKeys) { keys.formUnion(other.keys) }

  /// For an `up` or `repeat`: whether it belongs to a consumed `down` (an
  /// `up` also forgets the key). Nil for a `down`, which the handler decides.
  public mutating func follow(_ event: KeyEvent) -> Bool? {
    switch event.action {
    case .down: nil
    case .repeat: keys.contains(event.code)
    case .up: keys.remove(event.code) != nil
    }
  }
}
