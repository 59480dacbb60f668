public import KeyMenuProtocol

/// The words for every modal but a menu (an alert, a prompt, ...), from
/// its parts (those besides the field: ``SpeechPhrases+DialogParts``).
///
/// - Dialog: its title, its text, its field and its buttons: `Wi-Fi
///   password. For the kitchen network. Password field, empty. Buttons: OK,
///   Cancel.` One button is `Button: OK.`; none, nothing. With the focus on
///   one of several buttons, that button follows on its own: `Reboot now?
///   Updates are installed. Buttons: No, Yes. Yes.` The system's own
///   question (``ModalPicture/system``) starts `System question.`
/// - Field: a text field says its text (`Text field, kitchen`); a masked one
///   only how long it is (`Password field, 5 characters`): what is typed
///   into a password is never spoken.
/// - Typing: the field's text again, or for a masked one its length;
///   moving the cursor says the character reached (`k`, `end`) or, masked,
///   the position (`3 of 5`).
extension SpeechPhrases {
  /// A dialog, announced whole.
  public static func dialog(_ dialog: ModalPicture) -> String {
    var parts = dialog.system ? [sentence(ModalPicture.systemMark)] : []
    parts.append(sentence(dialog.title))
    if let text = dialog.text { parts.append(sentence(text)) }
    if let page = dialog.page { parts.append(self.page(page)) }
    if let choices = dialog.choices { parts.append(sentence(self.choices(choices))) }
    if let percent = dialog.percent { parts.append(sentence(self.percent(percent))) }
    if let field = dialog.field { parts.append(sentence(self.field(field))) }
    if let keyboard = dialog.keyboard { parts.append(sentence(self.keyboard(keyboard))) }
    switch dialog.buttons.count {
    case 0: break
    case 1: parts.append(sentence("Button: " + dialog.buttons[0]))
    default:
      parts.append(sentence("Buttons: " + dialog.buttons.joined(separator: ", ")))
      if let focus = dialog.focusedButton, dialog.buttons.indices.contains(focus) {
        parts.append(sentence(dialog.buttons[focus]))
      }
    }
    return joined(parts)
  }

  /// The field with its contents: `Text field, kitchen`, `Password field, 1 character`.
  public static func field(_ field: ModalPicture.Field) -> String {
    (field.masked ? "Password field, " : "Text field, ") + contents(field)
  }

  /// What the field holds: its text, `empty`, or for a masked one its length.
  public static func contents(_ field: ModalPicture.Field) -> String {
    let length = field.shown.count
    if length == 0 { return "empty" }
    if field.masked { return length == 1 ? "1 character" : "\(length) characters" }
    return field.shown.trimmed.isEmpty ? "\(length) spaces" : field.shown
  }

  /// Where the cursor is: the character under it (`end` past the last), or
  /// for a masked field its position (`3 of 5`).
  public static func cursor(_ field: ModalPicture.Field) -> String {
    let characters = Array(field.shown)
    if field.masked { return "\(min(field.cursor, characters.count)) of \(characters.count)" }
    guard characters.indices.contains(field.cursor) else { return "end" }
    let character = characters[field.cursor]
    return character == " " ? "space" : String(character)
  }
}
