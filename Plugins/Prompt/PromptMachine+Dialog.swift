import KeyMenuCore
import KeyMenuPluginAPI

/// A prompt under the `dialog` keys: what dialog 1.3's `--inputbox` and
/// `--passwordbox` do besides keymenu's own rules, measured against
/// Debian's dialog (docs/COMPAT-KEYS.md) and read in its `inputbox.c`.
///
/// The stops are the text, OK and Cancel, gone round in both directions:
/// Tab and Down go to the next, Shift+Tab and Up to the one before (Up in
/// the text to Cancel); on a button Right and Left do the same. Page Up
/// and Page Down do nothing. On a button a title's hotkey, its first
/// capital letter (`O`, `C`), typed in either case presses it at once; in
/// the text every character types.
extension PromptMachine {
  /// The effects of the keys dialog treats otherwise, or nil for the rest
  /// (keymenu's rules then).
  mutating func dialogPress(_ event: KeyEvent) -> [Effect]? {
    let key = event.code
    let stops = buttonCount + 1
    let position: Int
    switch focus {
    case .field: position = 0
    case .button(let index): position = index + 1
    }
    let backwards = !event.modifiers.isDisjoint(with: .shift)
    let step: Int
    switch key {
    case PromptKeys.tab: step = backwards ? -1 : 1
    case .down: step = 1
    case .up: step = -1
    case .right where position > 0: step = 1
    case .left where position > 0: step = -1
    case DialogKeys.pageUp, DialogKeys.pageDown: return []
    default:
      guard position > 0, event.modifiers.isDisjoint(with: PromptKeys.layoutCommandModifiers),
        let typed = DialogKeys.typedCharacter(event),
        let index = DialogKeys.dialogButton(typed: typed, titles: Array(buttonTitles.prefix(buttonCount)))
      else { return nil }
      guard event.action == .down else { return [] }
      return pressButton(index)
    }
    let next = ((position + step) % stops + stops) % stops
    focus = next == 0 ? .field : .button(next - 1)
    return [.edited]
  }
}
