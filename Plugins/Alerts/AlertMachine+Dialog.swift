import KeyMenuCore
import KeyMenuPluginAPI

/// An alert under the `dialog` keys: dialog 1.3's `--yesno` and `--msgbox`,
/// measured against Debian's dialog (docs/COMPAT-KEYS.md) and read in its
/// `buttons.c`.
///
/// Enter and Space press the selected button (a remote's OK and Select
/// too); Tab and Right select the next button, Shift+Tab and Left the one
/// before, both wrapping; each button's hotkey, the first capital letter of
/// its title that no button before it took (`Yes` → Y, `No` → N, `OK` → O),
/// typed in either case presses it at once; Esc (Back, Exit) answers with
/// the cancel button, reason `escape`. Up, Down, Home, End and the page
/// keys scroll a message of several lines (dialog's box shows it whole or
/// scrolls it the same way) and do nothing else; other keys do nothing.
extension AlertMachine {
  /// The effects of a key going down under the `dialog` keys, or nil when
  /// the alert ignores it (a key with Ctrl, Alt or Meta: a hotkey's).
  mutating func dialogPress(_ event: KeyEvent) -> [Effect]? {
    let key = event.code
    if AlertKeys.cancel.contains(key) { return escape() }
    if AlertKeys.accept.contains(key) || key == DialogKeys.space { return choose(focus) }
    let count = alert.buttons.count
    let target: Int
    switch key {
    case .right: target = (focus + 1) % count
    case .left: target = (focus + count - 1) % count
    case AlertKeys.tab: return move(event)
    default:
      guard event.modifiers.isDisjoint(with: AlertKeys.commandModifiers) else { return nil }
      if AlertKeys.scrolling.contains(key) { return messageLines > 1 ? move(event) : [] }
      guard let typed = DialogKeys.typedCharacter(event) else { return [] }
      guard let index = DialogKeys.dialogButton(typed: typed, titles: alert.buttons) else { return [] }
      return choose(index)
    }
    guard target != focus else { return [] }
    focus = target
    return [.focus(target)]
  }
}
