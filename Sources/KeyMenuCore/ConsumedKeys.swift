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

extension ConsumedKeys {
  /// The rule every modal machine keys alike: a `down` goes to `press`,
  /// which returns the effects of a key the machine takes (nil: it passes);
  /// a taken key's repeats act again where `repeats` says so (held arrows,
  /// held Backspace) and are consumed otherwise, and its release is consumed.
  /// Nothing acts once `finished`, but releases of taken keys are still
  /// consumed.
  public mutating func route<Effect>(
    _ event: KeyEvent, finished: Bool, repeats: (KeyCode) -> Bool = { _ in true },
    press: (KeyEvent) -> [Effect]?
  ) -> (consumed: Bool, effects: [Effect]) {
    if let consumed = follow(event) {
      let again = consumed && event.action == .repeat && !finished && repeats(event.code)
      return (consumed, again ? press(event) ?? [] : [])
    }
    guard !finished, event.action == .down, let effects = press(event) else { return (false, []) }
    insert(event.code)
    return (true, effects)
  }
}
