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
}
