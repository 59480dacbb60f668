/// A fixed-size bit set of key codes 0 ... ``KeyCode/max``.
///
/// The decoder tests and flips one bit per key event, so this is twelve
/// machine words rather than a hashed set.
public struct PressedKeys: Hashable, Sendable {
  private var words = [UInt64](repeating: 0, count: (Int(KeyCode.max.rawValue) + 64) / 64)

  /// An empty set.
  public init() {}

  /// Whether the key is in the set.
  public func contains(_ key: KeyCode) -> Bool {
    let index = Int(key.rawValue)
    return words[index >> 6] & (1 << UInt64(index & 63)) != 0
  }

  /// Adds or removes a key; returns whether the set changed.
  @discardableResult
  public mutating func set(_ key: KeyCode, pressed: Bool) -> Bool {
    let index = Int(key.rawValue)
    let bit: UInt64 = 1 << UInt64(index & 63)
    let old = words[index >> 6]
    let new = pressed ? old | bit : old & ~bit
    words[index >> 6] = new
    return old != new
  }

  /// Whether no key is in the set.
  public var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

  /// The keys in the set, lowest code first.
  public var keys: [KeyCode] {
    var result: [KeyCode] = []
    for (wordIndex, word) in words.enumerated() where word != 0 {
      for bit in 0..<64 where word & (1 << UInt64(bit)) != 0 {
        result.append(KeyCode(UInt16(wordIndex * 64 + bit)))
      }
    }
    return result
  }
}
