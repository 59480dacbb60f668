public import KeyMenuProtocol

extension PromptMachine {
  /// The buttons a prompt shows by default: Enter in the field answers the
  /// first, Esc cancels; the second is the Cancel button.
  public static let buttons = ["OK", "Cancel"]

  /// The prompt as presenters see it, under the given id, with its buttons'
  /// titles (OK's, then Cancel's unless it has none) and the focused one: a
  /// masked text is bullets, one per character, so the secret never leaves
  /// the machine. `system`: the system's own question (``ModalPicture/system``).
  public func snapshot(
    id: String, title: String, message: String?, buttons: [String] = Self.buttons, system: Bool = false
  ) -> ModalPicture {
    let shown = masked ? String(repeating: ModalPicture.Field.bullet, count: text.count) : string
    let titles = Array(buttons.prefix(buttonCount))
    return ModalPicture(
      id: id, kind: "prompt", title: title, text: message,
      field: ModalPicture.Field(shown: shown, masked: masked, cursor: cursor, maximumLength: maximumLength),
      keyboard: keyboard?.picture,
      buttons: titles, focusedButton: focusedButton, cancel: titles.count > 1 ? 1 : nil, system: system)
  }
}
