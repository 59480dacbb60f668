import KeyMenuCore

/// The keys menus answer to, by kernel code.
enum MenuKeys {
  static let backspace = KeyCode(14)
  static let space = KeyCode(57)
  /// Modifiers that make a key a command rather than typed text.
  static let commandModifiers: ModifierSet = [.leftCtrl, .rightCtrl, .leftAlt, .leftMeta, .rightMeta]
  static let home = KeyCode(102)
  static let pageUp = KeyCode(104)
  static let end = KeyCode(107)
  static let pageDown = KeyCode(109)
  static let activate: Set<KeyCode> = [.enter, .keypadEnter, .ok, .select, .right]
  static let goBack: Set<KeyCode> = [.left, .back]
  static let movement: Set<KeyCode> = [.up, .down, home, end, pageUp, pageDown]
  /// How far PageUp and PageDown move.
  static let pageSize = 5
}
