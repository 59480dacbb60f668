public import KeyMenuProtocol

/// A dialog-family modal (a prompt now; later checklists, gauges, text
/// boxes, ...) as a presenter shows it: generic parts, so every presenter
/// draws every such kind without knowing it.
///
/// A kind fills the parts it has and leaves the others out: the title, an
/// optional text (the message), a page of long text being read (``Page``),
/// a list of choices (``Choices``), a gauge's percent, a typed line
/// (``Field``), an on-screen keyboard (``Keyboard``) and the buttons,
/// drawn in that order.
///
/// A masked field carries bullets only: what a person types into a
/// password field never reaches a presenter, a subscriber or a log. Even
/// the bullets' count and the on-screen keyboard's focus, from which the
/// secret could be rebuilt key by key, are ``secret``: the daemon sends them
/// only to the client that asked and to admin clients, and everyone else the
/// ``redacted`` picture.
public struct DialogSnapshot: Hashable, Sendable, Codable, SecretPicture {
  /// Identifies the dialog while it lives (`prompt-1`).
  public var id: String
  /// The kind that shows it (`prompt`), for presenters that word it
  /// (speech) and for clients; drawing needs only the parts.
  public var kind: String
  /// The question or heading.
  public var title: String
  /// Text under the title; it may hold line breaks.
  public var text: String?
  /// Long text being read, scrolled, if the dialog has it (a text box).
  public var page: Page?
  /// Choices to mark or pick, if the dialog has them (a checklist).
  public var choices: Choices?
  /// A gauge's progress, 0 to 100, if the dialog has one.
  public var percent: Int?
  /// The line being typed, if the dialog has one.
  public var field: Field?
  /// An on-screen keyboard typing into ``field``, if one is shown.
  public var keyboard: Keyboard?
  /// The buttons, in order (Enter answers the first, Esc the ``cancel`` one,
  /// while the focus is not on a button).
  public var buttons: [String]
  /// The focused button; nil when the focus is on the dialog's input part
  /// (the field, the choices, the keyboard).
  public var focusedButton: Int?
  /// The button Esc (and Back) answers, if any.
  public var cancel: Int?
  /// Set while the dialog shows a masked field: who may see its ``redacted``
  /// parts. Never encoded: the daemon decides per client what it sends.
  public var secret: SecretOwner?

  /// The dialog as those who may not see its ``secret`` parts get it: a
  /// masked field with no bullets and the cursor at 0, no on-screen
  /// keyboard; the title, text and buttons (and the focus on them) as they
  /// are. The same as `self` for a dialog without a secret.
  public var redacted: DialogSnapshot {
    guard secret != nil else { return self }
    var dialog = self
    if let field, field.masked {
      dialog.field = Field(shown: "", masked: true, cursor: 0, maximumLength: field.maximumLength)
    }
    dialog.keyboard = nil
    return dialog
  }

  enum CodingKeys: String, CodingKey {
    case id, kind, title, text, page, choices, percent, field, keyboard, buttons, focusedButton, cancel
  }

  /// Long text being read.
  public typealias Page = DialogParts.Page
  /// Choices to mark or pick.
  public typealias Choices = DialogParts.Choices
  /// An on-screen keyboard.
  public typealias Keyboard = DialogParts.Keyboard

  /// A line of typed text.
  public struct Field: Hashable, Sendable, Codable {
    /// The text as shown: what was typed, or one `•` per character when
    /// ``masked``.
    public var shown: String
    /// Whether the text is a secret, shown as bullets and never spoken.
    public var masked: Bool
    /// The cursor, in characters from the start of ``shown`` (0 to its count).
    public var cursor: Int
    /// The most characters the field takes, if limited.
    public var maximumLength: Int?

    /// Creates a field.
    public init(shown: String, masked: Bool, cursor: Int, maximumLength: Int? = nil) {
      self.shown = shown
      self.masked = masked
      self.cursor = cursor
      self.maximumLength = maximumLength
    }

    /// The bullet a masked character is shown as.
    public static let bullet: Character = "•"
  }

  /// Creates a dialog snapshot.
  public init(
    id: String, kind: String, title: String, text: String? = nil, page: Page? = nil,
    choices: Choices? = nil, percent: Int? = nil, field: Field? = nil, keyboard: Keyboard? = nil,
    buttons: [String] = [], focusedButton: Int? = nil, cancel: Int? = nil
  ) {
    self.id = id
    self.kind = kind
    self.title = title
    self.text = text
    self.page = page
    self.choices = choices
    self.percent = percent
    self.field = field
    self.keyboard = keyboard
    self.buttons = buttons
    self.focusedButton = focusedButton
    self.cancel = cancel
  }
}

extension Notification.Name {
  /// A dialog-family modal came to the stack; payload ``DialogSnapshot``.
  public static let dialogShown: Self = "dialog.shown"
  /// A shown dialog changed (typing, focus); payload ``DialogSnapshot``,
  /// which replaces the one with its id.
  public static let dialogUpdated: Self = "dialog.updated"
  /// A dialog ended and left the stack; payload its id (`String`).
  public static let dialogClosed: Self = "dialog.closed"
}
