import KeyMenuCore

/// The keys alerts answer to, by kernel code.
enum AlertKeys {
  static let cancel: Set<KeyCode> = [.escape, .back, .exit]
  static let accept: Set<KeyCode> = [.enter, .keypadEnter, .ok, .select]
  static let tab = KeyCode(15)
  static let navigation: Set<KeyCode> = [.left, .right, tab]

  /// 1-9 from the number row (`KEY_1` = 2), the keypad and remotes (`KEY_NUMERIC_1`).
  static func digit(_ key: KeyCode) -> Int? {
    switch key.rawValue {
    case 2...10: Int(key.rawValue) - 1
    case 79: 1
    case 80: 2
    case 81: 3
    case 75: 4
    case 76: 5
    case 77: 6
    case 71: 7
    case 72: 8
    case 73: 9
    case 0x201...0x209: Int(key.rawValue) - 0x200
    default: nil
    }
  }

  /// The lowercase letter of `KEY_A` ... `KEY_Z` (keys by position, as evdev
  /// reports them, not by keyboard layout).
  static func letter(_ name: String) -> Character? {
    guard name.count == 5, name.hasPrefix("KEY_"), let last = name.last, last.isASCII, last.isLetter else {
      return nil
    }
    return Character(last.lowercased())
  }
}
