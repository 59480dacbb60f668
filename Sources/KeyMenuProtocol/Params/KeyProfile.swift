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
  /// dialog 1.3: a button is always selected beside the list, Tab, Right
  /// and Left go round the buttons, a button's first capital presses it at
  /// once (except in lists, where letters and digits go to the items),
  /// Space presses a button (marks a list's item).
  case dialog
  /// dmenu 5.2 (`menu.open` only): typed text is a line of input with a
  /// cursor that filters the items as dmenu matches (case-sensitive unless
  /// `ignore_case`; exact matches, then prefix, then substring matches);
  /// Return answers the highlighted item, or the typed text when nothing
  /// matches; Shift+Return answers the typed text; Ctrl+Return answers and
  /// keeps the menu open (`menu.picked`); Tab completes the highlighted
  /// item into the text; without `list_height` the items are on one line
  /// and Left/Right move between them.
  case dmenu
}

extension KeyProfile {
  /// `-32602` naming `keys` when they are dmenu's, which only a menu
  /// follows (`menu.open`).
  static func checkNotDmenu(_ keys: KeyProfile?) throws(RPCError) {
    if keys == .dmenu { throw .invalidParams("only a menu follows the dmenu keys", field: "keys") }
  }
}
