/// An alert on the modal stack as the protocol shows it (`state.get`,
/// `state.changed`, the params of `alert.shown` and `alert.focus`):
/// `{"kind":"alert","id":…,"title":…,"message":…|null,"buttons":[…],
/// "focus":1,"cancel":0|null,"default":1}`, and `"first_line":N` while its
/// message is scrolled down.
public struct AlertState: Codable, Sendable, Hashable {
  /// Identifies the alert while it lives (`alert.dismiss`'s `id`).
  public var id: String
  /// The question.
  public var title: String
  /// Text under the title (`null` when none).
  public var message: String?
  /// The buttons, in order.
  public var buttons: [String]
  /// The focused button.
  public var focus: Int
  /// The button Esc answers (`null` when none).
  public var cancel: Int?
  /// The button Enter answers at first (`default`).
  public var defaultButton: Int
  /// The first line of the message shown (`first_line`, absent when 0).
  public var firstLine: Int

  /// The `kind` member's value.
  public static let kind = "alert"

  enum CodingKeys: String, CodingKey {
    case kind, id, title, message, buttons, focus, cancel
    case defaultButton = "default"
    case firstLine = "first_line"
  }

  /// Creates an alert state.
  public init(
    id: String, title: String, message: String?, buttons: [String], focus: Int, cancel: Int?,
    defaultButton: Int, firstLine: Int = 0
  ) {
    self.id = id
    self.title = title
    self.message = message
    self.buttons = buttons
    self.focus = focus
    self.cancel = cancel
    self.defaultButton = defaultButton
    self.firstLine = firstLine
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(String.self, forKey: .id),
      title: try container.decode(String.self, forKey: .title),
      message: try container.decodeIfPresent(String.self, forKey: .message),
      buttons: try container.decode([String].self, forKey: .buttons),
      focus: try container.decode(Int.self, forKey: .focus),
      cancel: try container.decodeIfPresent(Int.self, forKey: .cancel),
      defaultButton: try container.decode(Int.self, forKey: .defaultButton),
      firstLine: try container.decodeIfPresent(Int.self, forKey: .firstLine) ?? 0)
  }

  public func encode(to encoder: any Encoder) throws {
    // In the order of the keys on the wire (sorted): OrderedJSONEncoder writes them as they come.
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(buttons, forKey: .buttons)
    try container.encodeOrNull(cancel, forKey: .cancel)
    try container.encode(defaultButton, forKey: .defaultButton)
    if firstLine > 0 { try container.encode(firstLine, forKey: .firstLine) }
    try container.encode(focus, forKey: .focus)
    try container.encode(id, forKey: .id)
    try container.encode(Self.kind, forKey: .kind)
    try container.encodeOrNull(message, forKey: .message)
    try container.encode(title, forKey: .title)
  }
}
