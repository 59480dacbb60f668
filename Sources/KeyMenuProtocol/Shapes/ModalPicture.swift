/// One modal on the stack as presenters show it and the protocol sends it:
/// an alert, a menu, a prompt, a checklist, a gauge, a text box, any kind,
/// described by the same generic parts, so that every presenter draws every
/// kind without knowing it.
///
/// A kind fills the parts it has and leaves the others out: the title, a
/// text (an alert's message, scrolled from ``firstLine``), a menu level
/// (``Menu``), a page of long text being read (``Page``), choices to mark
/// or pick (``Choices``), a gauge's percent, a typed line (``Field``), an
/// on-screen keyboard (``Keyboard``) and the buttons, drawn in that order.
///
/// The daemon keeps and sends this one type: the engine's modal stack holds
/// it, presenters read it, and its `Codable` form is the protocol's stack
/// entry (see `ModalPicture+Wire.swift` for the shapes protocol 1 keeps).
///
/// A masked field carries bullets only: what a person types into a
/// password field never reaches a presenter, a subscriber or a log. Even
/// the bullets' count and the on-screen keyboard's focus, from which the
/// secret could be rebuilt key by key, are ``secret``: the daemon sends them
/// only to the client that asked and to admin clients, and everyone else the
/// ``redacted`` picture.
public struct ModalPicture: Hashable, Sendable {
  /// Identifies the modal while it lives (`alert-1`, `menu-2`, `prompt-3`).
  public var id: String
  /// The kind that shows it (`alert`, `menu`, `prompt`), for presenters that
  /// word it (speech) and for clients; drawing needs only the parts.
  public var kind: String
  /// The question, heading or (for a menu) the title of the level shown.
  public var title: String
  /// Text under the title (an alert's message); it may hold line breaks.
  public var text: String?
  /// The first line of ``text`` shown: a text of more lines than fit is
  /// scrolled (Up/Down), and presenters show it from here.
  public var firstLine: Int
  /// The level of a menu shown, if the modal is one.
  public var menu: Menu?
  /// Long text being read, scrolled, if the modal has it (a text box).
  public var page: Page?
  /// Choices to mark or pick, if the modal has them (a checklist).
  public var choices: Choices?
  /// A gauge's progress, 0 to 100, if the modal has one.
  public var percent: Int?
  /// The line being typed, if the modal has one.
  public var field: Field?
  /// An on-screen keyboard typing into ``field``, if one is shown.
  public var keyboard: Keyboard?
  /// The buttons, in order (Enter answers the focused one, or the first
  /// while the focus is not on a button; Esc the ``cancel`` one).
  public var buttons: [String]
  /// The focused button; nil when the focus is on the modal's input part
  /// (the field, the choices, the keyboard, the menu).
  public var focusedButton: Int?
  /// The button Esc (and Back) answers, if any.
  public var cancel: Int?
  /// The button Enter answered when the modal came (an alert's `default`), if it says.
  public var defaultButton: Int?
  /// Whether the system itself asks (`system`): a password agent's
  /// question, which only a root client may ask (`prompt.show`'s `system`).
  /// Presenters mark such a modal where no client's text can go (the text
  /// box's double frame, the hint's first words, speech's first words), so
  /// that no other client's prompt passes for the system's. Sent only when
  /// true.
  public var system: Bool
  /// The words presenters mark the system's own question with, before
  /// anything a client wrote.
  public static let systemMark = "System question"
  /// Whether the modal wakes the TV and takes its input while it is up
  /// (HDMI-CEC, `wake_tv`); nil: as the daemon's configuration says. Never
  /// encoded: it is the daemon's to act on.
  public var wakesTV: Bool?
  /// Set while the modal shows a masked field: who may see its ``redacted``
  /// parts. Never encoded: the daemon decides per client what it sends.
  public var secret: SecretOwner?
  /// Who showed it, as its kind records it (`config`, `client:3`): Back
  /// held closes every modal of the front one's owner. Never encoded.
  public var owner: String?

  /// A level of a menu being shown.
  public typealias Menu = DialogParts.Menu
  /// Long text being read.
  public typealias Page = DialogParts.Page
  /// Choices to mark or pick.
  public typealias Choices = DialogParts.Choices
  /// An on-screen keyboard.
  public typealias Keyboard = DialogParts.Keyboard
  /// A line of typed text.
  public typealias Field = DialogParts.Field

  /// Creates a picture.
  public init(
    id: String, kind: String, title: String, text: String? = nil, firstLine: Int = 0, menu: Menu? = nil,
    page: Page? = nil, choices: Choices? = nil, percent: Int? = nil, field: Field? = nil,
    keyboard: Keyboard? = nil, buttons: [String] = [], focusedButton: Int? = nil, cancel: Int? = nil,
    defaultButton: Int? = nil, system: Bool = false
  ) {
    self.id = id
    self.kind = kind
    self.title = title
    self.text = text
    self.firstLine = firstLine
    self.menu = menu
    self.page = page
    self.choices = choices
    self.percent = percent
    self.field = field
    self.keyboard = keyboard
    self.buttons = buttons
    self.focusedButton = focusedButton
    self.cancel = cancel
    self.defaultButton = defaultButton
    self.system = system
  }

  /// The picture as those who may not see its ``secret`` parts get it: a
  /// masked field with no bullets and the cursor at 0, no on-screen
  /// keyboard; the title, text and buttons (and the focus on them) as they
  /// are. The same as `self` for a picture without a secret.
  public var redacted: ModalPicture {
    guard secret != nil else { return self }
    var picture = self
    if let field, field.masked {
      picture.field = Field(shown: "", masked: true, cursor: 0, maximumLength: field.maximumLength)
    }
    picture.keyboard = nil
    return picture
  }
}

/// Who may see the parts of a modal's picture from which a secret could be
/// rebuilt: a masked field's length and cursor as they change, the
/// on-screen keyboard's focus (which key is pressed next).
///
/// The daemon sends those parts only to the connection that asked and to
/// admin clients; everyone else gets the picture ``ModalPicture/redacted``.
public struct SecretOwner: Hashable, Sendable {
  /// The connection that asked (its own secret); nil when none did (the
  /// configuration's own), and then only admin clients may see it.
  public var connection: Int?

  /// The secret of `connection`'s modal.
  public init(connection: Int?) { self.connection = connection }
}
