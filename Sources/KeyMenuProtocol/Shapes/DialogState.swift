/// A dialog-family modal on the stack as the protocol shows it (`state.get`,
/// `state.changed`, the params of `dialog.shown` and `dialog.updated`):
/// `{"kind":"dialog","dialog":"prompt","id":…,"title":…,"text":…|null,
/// "field":{…}|null,"buttons":[…],"focus":null|1,"cancel":1|null}`, and the
/// parts only some kinds have, absent when a kind has none: `page`,
/// `choices`, `percent`, `keyboard` (``DialogParts``).
///
/// `kind` is `dialog` for every such kind, so a client draws a kind it has
/// never heard of from its parts; `dialog` names the kind.
public struct DialogState: Codable, Sendable, Hashable {
  /// Identifies the dialog while it lives (`prompt.dismiss`'s `id`).
  public var id: String
  /// The kind that shows it (`prompt`).
  public var dialog: String
  /// The question or heading.
  public var title: String
  /// Text under the title (`null` when none); it may hold line breaks.
  public var text: String?
  /// Long text being read (absent when none).
  public var page: DialogParts.Page?
  /// Choices to mark or pick (absent when none).
  public var choices: DialogParts.Choices?
  /// A gauge's progress, 0 to 100 (absent when none).
  public var percent: Int?
  /// The typed line (`null` when the dialog has none).
  public var field: Field?
  /// An on-screen keyboard typing into the field (absent when none shown).
  public var keyboard: DialogParts.Keyboard?
  /// The buttons, in order.
  public var buttons: [String]
  /// The focused button (`focus`); `null` while the focus is on the field.
  public var focusedButton: Int?
  /// The button Esc answers (`null` when none).
  public var cancel: Int?

  /// The `kind` member's value.
  public static let kind = "dialog"

  /// The typed line: `{"text":"••","masked":true,"cursor":2,"max_length":64|null}`.
  /// A masked field's `text` is bullets, one per character typed.
  public struct Field: Codable, Sendable, Hashable {
    /// The text as shown (bullets when masked).
    public var text: String
    /// Whether the text is a secret.
    public var masked: Bool
    /// The cursor, in characters from the start.
    public var cursor: Int
    /// The most characters the field takes (`max_length`, `null` when unlimited).
    public var maximumLength: Int?

    enum CodingKeys: String, CodingKey {
      case text, masked, cursor
      case maximumLength = "max_length"
    }

    /// Creates a field.
    public init(text: String, masked: Bool, cursor: Int, maximumLength: Int?) {
      self.text = text
      self.masked = masked
      self.cursor = cursor
      self.maximumLength = maximumLength
    }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        text: try container.decode(String.self, forKey: .text),
        masked: try container.decode(Bool.self, forKey: .masked),
        cursor: try container.decode(Int.self, forKey: .cursor),
        maximumLength: try container.decodeIfPresent(Int.self, forKey: .maximumLength))
    }

    public func encode(to encoder: any Encoder) throws {
      // In the order of the keys on the wire (sorted): OrderedJSONEncoder writes them as they come.
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(cursor, forKey: .cursor)
      try container.encode(masked, forKey: .masked)
      try container.encodeOrNull(maximumLength, forKey: .maximumLength)
      try container.encode(text, forKey: .text)
    }
  }

  enum CodingKeys: String, CodingKey {
    case kind, dialog, id, title, text, page, choices, percent, field, keyboard, buttons, cancel
    case focusedButton = "focus"
  }

  /// Creates a dialog state.
  public init(
    id: String, dialog: String, title: String, text: String?, page: DialogParts.Page? = nil,
    choices: DialogParts.Choices? = nil, percent: Int? = nil, field: Field?,
    keyboard: DialogParts.Keyboard? = nil, buttons: [String], focusedButton: Int?, cancel: Int?
  ) {
    self.id = id
    self.dialog = dialog
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

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(String.self, forKey: .id),
      dialog: try container.decode(String.self, forKey: .dialog),
      title: try container.decode(String.self, forKey: .title),
      text: try container.decodeIfPresent(String.self, forKey: .text),
      page: try container.decodeIfPresent(DialogParts.Page.self, forKey: .page),
      choices: try container.decodeIfPresent(DialogParts.Choices.self, forKey: .choices),
      percent: try container.decodeIfPresent(Int.self, forKey: .percent),
      field: try container.decodeIfPresent(Field.self, forKey: .field),
      keyboard: try container.decodeIfPresent(DialogParts.Keyboard.self, forKey: .keyboard),
      buttons: try container.decodeIfPresent([String].self, forKey: .buttons) ?? [],
      focusedButton: try container.decodeIfPresent(Int.self, forKey: .focusedButton),
      cancel: try container.decodeIfPresent(Int.self, forKey: .cancel))
  }

  public func encode(to encoder: any Encoder) throws {
    // In the order of the keys on the wire (sorted): OrderedJSONEncoder writes them as they come.
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(buttons, forKey: .buttons)
    try container.encodeOrNull(cancel, forKey: .cancel)
    try container.encodeIfPresent(choices, forKey: .choices)
    try container.encode(dialog, forKey: .dialog)
    try container.encodeOrNull(field, forKey: .field)
    try container.encodeOrNull(focusedButton, forKey: .focusedButton)
    try container.encode(id, forKey: .id)
    try container.encodeIfPresent(keyboard, forKey: .keyboard)
    try container.encode(Self.kind, forKey: .kind)
    try container.encodeIfPresent(page, forKey: .page)
    try container.encodeIfPresent(percent, forKey: .percent)
    try container.encodeOrNull(text, forKey: .text)
    try container.encode(title, forKey: .title)
  }
}

/// `dialog.closed` params: the dialog that left the stack, `{"id":"prompt-1"}`.
public struct DialogClosedNotice: Codable, Sendable, Hashable {
  /// The dialog's id.
  public var id: String

  /// Creates the params.
  public init(id: String) { self.id = id }
}
