public import KeyMenuPluginAPI
import KeyMenuProtocol

/// Taps and clicks on the list (`modal.tap`), from a presenter on a touch
/// screen or under a pointer, whichever keys the list follows.
extension ChoiceListMachine {
  /// Handles a tap; returns whether it was consumed and the effects.
  ///
  /// A tap on a choice (its index among all the choices) highlights it,
  /// the focus on the list, and toggles its check box (check) or marks it
  /// (radio) as Space would; on a picklist it chooses it at once, as Enter
  /// on it would. A tap on a button presses it as Enter on it would: OK
  /// answers the marks (a picklist's highlighted item), Cancel cancels with
  /// reason `cancel`. A scroll moves the highlight by its rows without
  /// wrapping, the focus on the list. Under the `dialog` keys the selected
  /// button stays selected (dialog always has one, and its list keys act
  /// whatever the button). A choice or button the list does not have, or a
  /// tap after the list ended, is not consumed.
  public mutating func tap(_ target: ModalTap.Target) -> (consumed: Bool, effects: [Effect]) {
    guard !isFinished else { return (false, []) }
    switch target {
    case .item(let index):
      guard marks.indices.contains(index) else { return (false, []) }
      guard mode != .pick else {
        focusList()
        scroll(to: index)
        return (true, end(.confirmed(answer)))
      }
      let effects = changes { list in
        list.focusList()
        list.scroll(to: index)
        list.mark(index)
      }
      return (true, effects)
    case .button(let index):
      guard index >= 0, index < buttonCount else { return (false, []) }
      return (true, pressButton(index))
    case .scroll(let rows):
      let effects = changes { list in
        list.focusList()
        list.scroll(to: list.highlight + rows)
      }
      return (true, effects)
    }
  }

  /// The focus to the list, but under the `dialog` keys, where a button is
  /// always selected.
  private mutating func focusList() {
    if keys != .dialog { focus = .list }
  }
}
