import KeyMenuCore
import KeyMenuPluginAPI

/// An alert under the `whiptail` keys: whiptail's `--yesno` and
/// `--msgbox` (newt 0.52's buttons in a form), measured against Debian's
/// whiptail (docs/COMPAT-KEYS.md).
///
/// Enter, Space and F12 press the focused button (a remote's OK and Select
/// too); Left, Up, Backspace and Page Up go to the button before, Right,
/// Down and Page Down to the one after, neither wrapping; Tab and
/// Shift+Tab go round; Esc (Back, Exit) answers with the cancel button,
/// reason `escape`. Letters and digits do nothing (whiptail has no hotkeys on its
/// buttons); Home and End scroll a message of several lines to either end,
/// which whiptail ignores, so nothing answers differently.
extension AlertMachine {
  /// The effects of a key going down under the `whiptail` keys, or nil
  /// when the alert ignores it (a key with Ctrl, Alt or Meta: a hotkey's).
  mutating func whiptailPress(_ event: KeyEvent) -> [Effect]? {
    let key = event.code
    if AlertKeys.cancel.contains(key) { return escape() }
    if AlertKeys.accept.contains(key) || key == DialogKeys.space || key == DialogKeys.f12 {
      return choose(focus)
    }
    let last = alert.buttons.count - 1
    let target: Int
    switch key {
    case .left, .up, DialogKeys.backspace, DialogKeys.pageUp: target = max(focus - 1, 0)
    case .right, .down, DialogKeys.pageDown: target = min(focus + 1, last)
    case AlertKeys.tab: return move(event)
    case DialogKeys.home, DialogKeys.end: return messageLines > 1 ? move(event) : []
    default:
      return event.modifiers.isDisjoint(with: AlertKeys.commandModifiers) ? [] : nil
    }
    guard target != focus else { return [] }
    focus = target
    return [.focus(target)]
  }
}
