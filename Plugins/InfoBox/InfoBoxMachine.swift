public import KeyMenuCore
public import KeyMenuPluginAPI
public import KeyMenuProtocol

/// One info box: a message that asks nothing. Every key passes (to the
/// hotkeys: none reaches a modal hidden under the box), so the box changes
/// only by its ending.
public struct InfoBoxMachine: DialogMachine, Sendable {
  /// Creates a machine.
  public init() {}

  public mutating func respond(to event: KeyEvent) -> DialogStep<DialogEndResult> { .passed }

  /// The box as presenters see it: its title and message, no buttons.
  public static func snapshot(id: String, title: String, message: String?) -> ModalPicture {
    ModalPicture(id: id, kind: "infobox", title: title, text: message)
  }
}
