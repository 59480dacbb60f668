public import KeyMenuPluginAPI

extension PromptMachine {
  /// The buttons a prompt shows: Enter answers the first, Esc the second.
  public static let buttons = ["OK", "Cancel"]

  /// The prompt as presenters see it, under the given id: a masked text is
  /// bullets, one per character, so the secret never leaves the machine.
  public func snapshot(id: String, title: String, message: String?) -> DialogSnapshot {
    let shown = masked ? String(repeating: DialogSnapshot.Field.bullet, count: text.count) : string
    return DialogSnapshot(
      id: id, kind: "prompt", title: title, text: message,
      field: DialogSnapshot.Field(shown: shown, masked: masked, cursor: cursor, maximumLength: maximumLength),
      keyboard: keyboard?.picture,
      buttons: Self.buttons, focusedButton: nil, cancel: 1)
  }
}
