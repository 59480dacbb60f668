public import KeyMenuPluginAPI

/// Taps and clicks on the prompt (`modal.tap`), from a presenter on a touch
/// screen or under a pointer.
extension PromptMachine {
  /// A tap on a button presses it, as Enter on it would: OK answers the
  /// text, Cancel cancels with reason `cancel`. The field and the
  /// on-screen keyboard take no taps (the keys type); a button the prompt
  /// does not have is not consumed.
  public mutating func tap(_ target: ModalTap.Target) -> (consumed: Bool, effects: [Effect]) {
    guard !isFinished, case .button(let index) = target, index >= 0, index < buttonCount else {
      return (false, [])
    }
    isFinished = true
    return (true, [index == 0 ? .accepted(string) : .cancelChosen])
  }
}
