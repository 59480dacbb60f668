import KeyMenuCore

/// The keys a checklist or radiolist answers to, by kernel code.
enum ChoiceListKeys {
  /// Esc, Back, Exit: cancel (reason `escape`), wherever the focus is.
  static let cancel: Set<KeyCode> = [.escape, .back, .exit]
  /// Enter and keypad Enter: confirm in the list, press the focused button on a button.
  static let confirm: Set<KeyCode> = [.enter, .keypadEnter]
  /// Space, OK, Select: mark the highlighted item, or press the focused button.
  static let toggle: Set<KeyCode> = [space, .ok, .select]
  static let space = KeyCode(57)
  static let tab = KeyCode(15)
  static let home = KeyCode(102)
  static let pageUp = KeyCode(104)
  static let end = KeyCode(107)
  static let pageDown = KeyCode(109)
  /// Keys whose repeats act again (a held arrow walks on); a held Space,
  /// digit, Enter or Esc acts once.
  static let repeating: Set<KeyCode> = [.up, .down, .left, .right, tab, pageUp, pageDown]
  /// Modifiers with which a digit is a command for someone else (a hotkey).
  static let commandModifiers: ModifierSet = [.leftCtrl, .rightCtrl, .leftAlt, .altGr, .leftMeta, .rightMeta]
  /// How far PageUp and PageDown move the highlight (as in menus).
  static let pageSize = 5
}
