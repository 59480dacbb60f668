/// A menu that follows dmenu 5.2's keys (``Menu/dmenu``, `menu.open` with
/// `keys: dmenu`), as `keymenu-dmenu` opens it: what is typed is a line of
/// text with a cursor, filtering the items as dmenu matches them; Return
/// answers the highlighted item or the text, Ctrl+Return answers and keeps
/// the menu open, Tab completes. The Menus plugin's `DmenuMachine` has the
/// rules (docs/COMPAT-KEYS.md has the measured table).
public struct DmenuStyle: Hashable, Sendable, Codable {
  /// `-i`: typed text matches without regard to ASCII case.
  public var ignoreCase: Bool
  /// `-l N`: the items are a vertical list of N lines (Up/Down move, a page
  /// is N items); 0: they are on one line (Left/Right move too).
  public var lines: Int

  /// A style; `lines` 0 (or less) is dmenu's one line.
  public init(ignoreCase: Bool = false, lines: Int = 0) {
    self.ignoreCase = ignoreCase
    self.lines = max(0, lines)
  }
}
