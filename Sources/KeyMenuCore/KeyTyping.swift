/// What a key typed under a keyboard layout (``KeyEvent/text`` and
/// ``KeyEvent/keysymName``), kept in two machine words: every handler
/// copies a key event, and a copy of two plain words touches no reference
/// count and keeps the event at 56 bytes (`keymenu-bench route` measured
/// two strings at +100 ns per event, three words at +40 ns, two at none).
///
/// The keysym name, a NUL and the text, at most 15 UTF-8 bytes together;
/// the last byte holds the length and which of the two are there. Common
/// keysym name prefixes take one byte each (`dead_circumflex` takes 11,
/// `Cyrillic_shorti` 7). When both do not fit, the keysym name is dropped
/// first (`Greek_upsilonaccentdieresis`, `guillemotleft` with its `«`), then
/// the text is kept as `""` (no key or Compose sequence of the standard
/// tables types that much).
struct KeyTyping: Hashable, Sendable {
  private var low: UInt64 = 0
  private var high: UInt64 = 0

  /// The most bytes the keysym name (prefix shortened), its NUL and the text take together.
  static let capacity = 15
  private static let hasText: UInt64 = 1 << 62
  private static let hasKeysym: UInt64 = 1 << 63

  /// Keysym name prefixes stored as the byte of their index + 1 (no keysym
  /// name holds a control character).
  private static let prefixes = [
    "dead_", "Cyrillic_", "Greek_", "Arabic_", "hebrew_", "Thai_", "Armenian_", "Georgian_", "Ukrainian_",
    "Serbian_", "Macedonia_", "ISO_", "XF86", "KP_", "kana_", "Hangul_",
  ]

  /// Neither (no layout applied).
  init() {}

  /// Both, as far as they fit.
  init(text: String?, keysymName: String?) {
    var keysym = keysymName.map(Self.shortened)
    var text = text
    if (keysym?.count ?? 0) + 1 + (text?.utf8.count ?? 0) > Self.capacity { keysym = nil }
    if let typed = text, typed.utf8.count + 1 > Self.capacity { text = "" }
    let bytes = (keysym ?? []) + [0] + Array((text ?? "").utf8)
    var words: [UInt64] = [0, 0]
    for (index, byte) in bytes.enumerated() {
      words[index / 8] |= UInt64(byte) << (8 * UInt64(index % 8))
    }
    words[1] |= UInt64(bytes.count) << 56
    if text != nil { words[1] |= Self.hasText }
    if keysym != nil { words[1] |= Self.hasKeysym }
    (low, high) = (words[0], words[1])
  }

  /// The text typed, or nil.
  var text: String? {
    guard high & Self.hasText != 0 else { return nil }
    return String(decoding: bytes.drop { $0 != 0 }.dropFirst(), as: UTF8.self)
  }

  /// The keysym name, or nil.
  var keysymName: String? {
    guard high & Self.hasKeysym != 0 else { return nil }
    let stored = bytes.prefix { $0 != 0 }
    guard let first = stored.first, Int(first) - 1 < Self.prefixes.count, first > 0 else {
      return String(decoding: stored, as: UTF8.self)
    }
    return Self.prefixes[Int(first) - 1] + String(decoding: stored.dropFirst(), as: UTF8.self)
  }

  /// The stored bytes: the keysym name, NUL, the text.
  private var bytes: [UInt8] {
    let count = Int((high >> 56) & 0x0f)
    let words = [low, high]
    return (0..<count).map { index in UInt8(truncatingIfNeeded: words[index / 8] >> (8 * UInt64(index % 8))) }
  }

  /// A keysym name's bytes with a known prefix as one byte.
  private static func shortened(_ name: String) -> [UInt8] {
    for (index, prefix) in prefixes.enumerated() where name.hasPrefix(prefix) {
      return [UInt8(index + 1)] + Array(name.utf8.dropFirst(prefix.utf8.count))
    }
    return Array(name.utf8)
  }
}
