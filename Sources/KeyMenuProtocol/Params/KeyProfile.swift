/// Whose keys a box follows (`keys`): keymenu's own (the default, made for
/// remotes as much as keyboards), or those of the program a compat command
/// stands in for, so that the keys people press in that program's scripts
/// give that program's answer (docs/COMPAT-KEYS.md has the tables).
public enum KeyProfile: String, Codable, Sendable, Hashable, CaseIterable {
  /// keymenu's keys.
  case keymenu
  /// newt's whiptail (0.52): no digits or letters on buttons, Space presses
  /// the focused button, a list's letters jump to the next item starting
  /// with them, Tab and Right reach the buttons.
  case whiptail
}
