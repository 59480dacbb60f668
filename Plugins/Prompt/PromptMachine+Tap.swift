public import KeyMenuPluginAPI

/// Taps and clicks on the prompt (`modal.tap`), from a presenter on a touch
/// screen or under a pointer.
extension PromptMachine {
  /// Handles a tap; returns whether it was consumed and the effects.
  ///
  /// A tap on a button presses it as Enter on it would: OK answers the
  /// text, Cancel cancels with reason `cancel`. The field and the on-screen
  /// keyboard take no taps (the keys type), nor does a scroll; a button the
  /// prompt does not have, or a tap after it ended, is not consumed.
  public mutating func tap(_ target: ModalTap.Target) -> (consumed: Bool, effects: [Effect]) {
    guard !isFinished, case .button(let index) = target, index >= 0, index < buttonCount else {
      return (false, [])
    }
    return (true, pressButton(index))
  }
}
