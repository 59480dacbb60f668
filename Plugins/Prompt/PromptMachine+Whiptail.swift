import KeyMenuCore
import KeyMenuPluginAPI

/// A prompt under the `whiptail` keys: what whiptail's `--inputbox` and
/// `--passwordbox` do besides keymenu's own rules, measured against
/// Debian's whiptail (docs/COMPAT-KEYS.md): Page Down in the field goes
/// straight to the last button (Cancel); on a button, Backspace and Page
/// Up go to the component before and Page Down to the one after; F12 is
/// OK with the text, wherever the focus is.
extension PromptMachine {
  /// The effects of the keys whiptail treats otherwise, or nil for the
  /// rest (keymenu's rules then).
  mutating func whiptailPress(_ event: KeyEvent) -> [Effect]? {
    let key = event.code
    if key == DialogKeys.f12 {
      guard event.action == .down else { return [] }
      isFinished = true
      return [.accepted(string)]
    }
    switch (focus, key) {
    case (.field, DialogKeys.pageDown):
      focus = .button(buttonCount - 1)
      return [.edited]
    case (.button(let index), PromptKeys.backspace), (.button(let index), DialogKeys.pageUp):
      focus = index == 0 ? .field : .button(index - 1)
      return [.edited]
    case (.button(let index), DialogKeys.pageDown):
      let next = min(index + 1, buttonCount - 1)
      guard next != index else { return [] }
      focus = .button(next)
      return [.edited]
    default:
      return nil
    }
  }
}
