extension KeyCode {
  /// The digit 0-9 this key types on the number row, the keypad or a remote
  /// (`KEY_NUMERIC_*`), or nil for other keys.
  public var digit: Int? {
    switch rawValue {
    case 2...10: Int(rawValue) - 1
    case 11: 0
    case 0x200...0x209: Int(rawValue) - 0x200
    default: Self.keypadDigits[rawValue]
    }
  }

  private static let keypadDigits: [UInt16: Int] = [
    82: 0, 79: 1, 80: 2, 81: 3, 75: 4, 76: 5, 77: 6, 71: 7, 72: 8, 73: 9,
  ]
}

extension KeyEvent {
  /// The lowercase letter of `KEY_A` ... `KEY_Z`, by key position as evdev
  /// reports it (not by keyboard layout), or nil for other keys.
  public var letter: Character? {
    guard name.count == 5, name.hasPrefix("KEY_"), let last = name.last, last.isASCII, last.isLetter else {
      return nil
    }
    return Character(last.lowercased())
  }
}
