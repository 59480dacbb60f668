/// What a key typed under a keyboard layout (``KeyEvent/text`` and
/// ``KeyEvent/keysymName``), kept in three machine words: every handler
/// copies a key event, and a plain copy touches no reference count, where
/// strings would (measured with `keymenu-bench route`).
///
/// The keysym name, a NUL and the text, at most 23 UTF-8 bytes together
/// (`Cyrillic_shorti` and `й` take 18); the last byte holds the length and
/// which of the two are there. When both do not fit, the keysym name is
/// dropped first, then the text is kept as `""`.
struct KeyTyping: Hashable, Sendable {
  private var low: UInt64 = 0
  private var middle: UInt64 = 0
  private var high: UInt64 = 0

  /// The most UTF-8 bytes the keysym name, its NUL and the text take together.
  static let capacity = 23
  private static let hasText: UInt64 = 1 << 62
  private static let hasKeysym: UInt64 = 1 << 63

  /// Neither (no layout applied).
  init() {}

  /// Both, as far as they fit.
  init(text: String?, keysymName: String?) {
    var keysym = keysymName
    var text = text
    if (keysym?.utf8.count ?? 0) + 1 + (text?.utf8.count ?? 0) > Self.capacity { keysym = nil }
    if let shown = text, shown.utf8.count + 1 > Self.capacity { text = "" }
    var bytes = Array((keysym ?? "").utf8)
    bytes.append(0)
    bytes += (text ?? "").utf8
    var words: [UInt64] = [0, 0, 0]
    for (index, byte) in bytes.enumerated() {
      words[index / 8] |= UInt64(byte) << (8 * UInt64(index % 8))
    }
    words[2] |= UInt64(bytes.count) << 56
    if text != nil { words[2] |= Self.hasText }
    if keysym != nil { words[2] |= Self.hasKeysym }
    (low, middle, high) = (words[0], words[1], words[2])
  }

  /// The text typed, or nil.
  var text: String? {
    guard high & Self.hasText != 0 else { return nil }
    return String(decoding: bytes.drop { $0 != 0 }.dropFirst(), as: UTF8.self)
  }

  /// The keysym name, or nil.
  var keysymName: String? {
    guard high & Self.hasKeysym != 0 else { return nil }
    return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
  }

  /// The stored bytes: the keysym name, NUL, the text.
  private var bytes: [UInt8] {
    let count = Int((high >> 56) & 0x3f)
    let words = [low, middle, high]
    return (0..<count).map { index in UInt8(truncatingIfNeeded: words[index / 8] >> (8 * UInt64(index % 8))) }
  }
}
