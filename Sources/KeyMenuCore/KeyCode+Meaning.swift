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

  /// The lowercase letter of `KEY_A` ... `KEY_Z` (by key position, as
  /// evdev numbers keys: the US layout's letters), or nil for other keys.
  public var letter: Character? { Self.letters[rawValue] }

  /// Whether it is a digit key of the keypad or a remote, not of the number row.
  public var isKeypadDigit: Bool { digit != nil && !(2...11).contains(rawValue) }

  private static let letters: [UInt16: Character] = {
    var table: [UInt16: Character] = [:]
    for (start, row) in [(16, "qwertyuiop"), (30, "asdfghjkl"), (44, "zxcvbnm")] as [(UInt16, String)] {
      for (offset, letter) in row.enumerated() { table[start + UInt16(offset)] = letter }
    }
    return table
  }()

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

  /// The lowercase Latin letter that names this key in a shortcut (an
  /// accelerator `key = "a"`, a hotkey `ctrl+a`), under the device's layout.
  ///
  /// The letter the layout types on the key when that is a Latin letter (on
  /// AZERTY `KEY_Q` is `a`; Shift and Caps Lock do not matter); the
  /// letter of the key's position when the layout types something that is
  /// not ASCII there (a Cyrillic or Greek letter, `ö`) or nothing (Ctrl
  /// under a layout with several groups), as desktop shortcuts work on
  /// Russian or Greek keyboards; nil when the layout types ASCII that is
  /// not a letter (AZERTY's `,` on `KEY_M`). Without a layout (``text``
  /// and ``keysymName`` nil), the letter of the key's position (``letter``).
  public var layoutLetter: Character? {
    guard keysymName != nil || text != nil else { return letter }
    if let keysymName, keysymName.utf8.count == 1, let symbol = keysymName.first, symbol.isASCII,
      symbol.isLetter
    {
      return Character(symbol.lowercased())
    }
    if let text, !text.isEmpty, text.allSatisfy(\.isASCII) { return nil }
    return code.letter
  }
}
