import KeyMenuCore

/// The keys a prompt answers to, by kernel code, and the text a key types.
enum PromptKeys {
  static let cancel: Set<KeyCode> = [.escape, .back, .exit]
  static let accept: Set<KeyCode> = [.enter, .keypadEnter, .ok, .select]
  static let backspace = KeyCode(14)
  static let home = KeyCode(102)
  static let end = KeyCode(107)
  static let delete = KeyCode(111)
  static let tab = KeyCode(15)
  static let space = KeyCode(57)
  /// With Ctrl: delete before the cursor (U), after it (K).
  static let letterU = KeyCode(22)
  static let letterK = KeyCode(37)
  static let editing: Set<KeyCode> = [.left, .right, backspace, home, end, delete]
  /// Modifiers with which a key is a command, not text, when the key event
  /// carries no layout's text (AltGr included: the US positions have
  /// nothing on its level).
  static let commandModifiers: ModifierSet = [.leftCtrl, .rightCtrl, .leftAlt, .altGr, .leftMeta, .rightMeta]
  /// Modifiers with which a key is a command under a keyboard layout, where
  /// AltGr types (`@` and `€` on a German keyboard).
  static let layoutCommandModifiers: ModifierSet = [.leftCtrl, .rightCtrl, .leftAlt, .leftMeta, .rightMeta]

  /// The text a key types, or nil for a key that types nothing and with
  /// Ctrl, Alt or Meta held.
  ///
  /// Under the device's keyboard layout (the key event's ``KeyEvent/text``,
  /// from the daemon's keymap through xkbcommon): what the layout types,
  /// dead keys and compose sequences included (`^` then `o` types `ô` on a
  /// German keyboard). Without one (the simulator, tests): by US key
  /// position, ``usTyped(_:)``.
  static func typed(_ event: KeyEvent) -> String? {
    guard let text = event.text else { return usTyped(event).map { String($0) } }
    guard event.modifiers.isDisjoint(with: layoutCommandModifiers), !text.isEmpty else { return nil }
    return text
  }

  /// Whether the key starts a dead-key or compose sequence under the
  /// layout (a dead key, the Compose key): it types nothing yet, but it is
  /// typing, so the prompt takes it.
  static func startsSequence(_ event: KeyEvent) -> Bool {
    guard let name = event.keysymName else { return false }
    return name.hasPrefix("dead_") || name == "Multi_key"
  }

  /// The character a key types by US key position: letters (capitals with
  /// Shift), digits of the number row, the keypad and remotes, space and the
  /// US punctuation keys with their shifted symbols; nil for other keys and
  /// with Ctrl, Alt, AltGr or Meta held.
  static func usTyped(_ event: KeyEvent) -> Character? {
    guard event.modifiers.isDisjoint(with: commandModifiers) else { return nil }
    let shifted = !event.modifiers.isDisjoint(with: .shift)
    if let letter = event.letter { return shifted ? Character(letter.uppercased()) : letter }
    let code = event.code.rawValue
    if let pair = usPunctuation[code] { return shifted ? pair.shifted : pair.plain }
    if let digit = event.code.digit { return Character(String(digit)) }
    return keypadSymbols[code]
  }

  /// The number row and punctuation keys of a US keyboard: plain and with Shift.
  private static let usPunctuation: [UInt16: (plain: Character, shifted: Character)] = [
    2: ("1", "!"), 3: ("2", "@"), 4: ("3", "#"), 5: ("4", "$"), 6: ("5", "%"), 7: ("6", "^"),
    8: ("7", "&"), 9: ("8", "*"), 10: ("9", "("), 11: ("0", ")"), 12: ("-", "_"), 13: ("=", "+"),
    26: ("[", "{"), 27: ("]", "}"), 39: (";", ":"), 40: ("'", "\""), 41: ("`", "~"), 43: ("\\", "|"),
    51: (",", "<"), 52: (".", ">"), 53: ("/", "?"), 57: (" ", " "),
  ]

  /// The keypad's operators and point.
  private static let keypadSymbols: [UInt16: Character] = [55: "*", 74: "-", 78: "+", 83: ".", 98: "/"]
}
