public import KeyMenuCore

/// The keys every dialog-family kind reads alike, by kernel code: what
/// answers, what cancels, and the keys that move through long content.
public enum DialogKeys {
  /// Esc, and a remote's Back and Exit: leave without an answer (whiptail's 255).
  public static let cancel: Set<KeyCode> = [.escape, .back, .exit]
  /// Enter, keypad Enter, and a remote's OK and Select.
  public static let accept: Set<KeyCode> = [.enter, .keypadEnter, .ok, .select]
  /// Home.
  public static let home = KeyCode(102)
  /// End.
  public static let end = KeyCode(107)
  /// Page Up.
  public static let pageUp = KeyCode(104)
  /// Page Down.
  public static let pageDown = KeyCode(109)
  /// Tab.
  public static let tab = KeyCode(15)
  /// Space.
  public static let space = KeyCode(57)
  /// Backspace.
  public static let backspace = KeyCode(14)
  /// F12 (whiptail's OK anywhere).
  public static let f12 = KeyCode(88)
  /// A remote's Select, Play and Play/Pause: in a checklist or radiolist
  /// under the `whiptail` and `dialog` keys, where a remote's OK ticks
  /// (as Space), these answer (as Enter). A script's terminal never sends
  /// them, so the programs' own keys are unchanged.
  public static let remoteAnswer: Set<KeyCode> = [.select, KeyCode(207), KeyCode(164)]

  /// Each button title's hotkey under the `dialog` keys (dialog 1.3's
  /// buttons): its first capital letter that no title before it took, nil
  /// when none is left (`Yes` → Y, `No` → N, `OK` → O, `Cancel` → C). A
  /// character typed in either case that is a hotkey presses its button.
  public static func dialogHotkeys(_ titles: [String]) -> [Character?] {
    var taken: [Character?] = []
    for title in titles {
      taken.append(title.first { $0.isUppercase && !taken.contains($0) })
    }
    return taken
  }

  /// The button whose ``dialogHotkeys(_:)`` hotkey `typed` is (in either case), or nil.
  public static func dialogButton(typed: Character, titles: [String]) -> Int? {
    dialogHotkeys(titles).firstIndex(of: Character(typed.uppercased()))
  }

  /// The character a key types, for the `dialog` keys' hotkeys: its text
  /// under the device's layout, else the letter that names it, else the
  /// digit it is (a remote's, a keypad's); nil for other keys.
  public static func typedCharacter(_ event: KeyEvent) -> Character? {
    if let text = event.text, text.count == 1 { return text.first }
    return event.layoutLetter ?? event.code.digit.map { Character(String($0)) }
  }
}
