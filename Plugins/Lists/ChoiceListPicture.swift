import KeyMenuPluginAPI
public import KeyMenuProtocol

/// What a checklist or radiolist shows besides its machine's state: the
/// kind, title, message, the items' tags and texts, the buttons' titles.
/// It draws the list as presenters see it (``ModalPicture/choices``).
public struct ChoiceListPicture: Sendable {
  /// `checklist` or `radiolist`.
  public let kind: String
  /// The question.
  public let title: String
  /// Text under the title.
  public let message: String?
  /// The items as shown, marks as given (each snapshot sets the machine's);
  /// no tags when they are hidden.
  public let items: [ModalPicture.Choices.Item]
  /// OK's and Cancel's titles (one without a Cancel button).
  public let buttons: [String]

  /// The default titles of the buttons.
  public static let defaultButtons = ["OK", "Cancel"]

  /// A picture of `items` (tag, text), their tags shown unless `showTags` is false.
  public init(
    kind: String, title: String, message: String?, items: [(tag: String?, text: String)],
    showTags: Bool = true,
    buttons: [String] = defaultButtons
  ) {
    self.kind = kind
    self.title = title
    self.message = message
    self.items = items.map { ModalPicture.Choices.Item(tag: showTags ? $0.tag : nil, text: $0.text) }
    self.buttons = buttons
  }

  /// How a mode's items are marked for presenters.
  static func marks(_ mode: ChoiceListMachine.Mode) -> ModalPicture.Choices.Marks {
    switch mode {
    case .check: .check
    case .radio: .radio
    case .pick: .none
    }
  }

  /// The list as presenters see it under the given id: marks, highlight and
  /// the focused button from `machine`; Esc's button is Cancel when there is one.
  public func snapshot(of machine: ChoiceListMachine, id: String) -> ModalPicture {
    var shown = items
    for index in shown.indices where index < machine.marks.count {
      shown[index].marked = machine.marks[index]
    }
    let focused: Int? =
      switch machine.focus {
      case .list: nil
      case .button(let index): index
      }
    return ModalPicture(
      id: id, kind: kind, title: title, text: message,
      choices: ModalPicture.Choices.window(
        marks: Self.marks(machine.mode), items: shown, highlight: machine.highlight),
      buttons: Array(buttons.prefix(machine.buttonCount)), focusedButton: focused,
      cancel: machine.buttonCount > 1 ? 1 : nil)
  }
}
