// A picture's form on the wire: one stack entry of `state.get` and
// `state.changed`, and the params of each kind's own notifications
// (`alert.shown`, `menu.opened`, `dialog.shown`, ...).
//
// Protocol 1 keeps the three shapes it has always had, told apart by
// `kind`, so that clients written against it go on reading every entry:
//
// - a picture with a menu part is a menu:
//   `{"kind":"menu","id":…,"title":…,"path":[…],"items":[…],"highlight":0|null,"filter":""}`,
//   plus `offset` and `total` for a long list sent as a window around the highlight;
// - an alert is
//   `{"kind":"alert","id":…,"title":…,"message":…|null,"buttons":[…],"focus":1,"cancel":0|null,"default":1}`,
//   and `"first_line":N` while its message is scrolled down;
// - every other kind is a dialog, named in `dialog`:
//   `{"kind":"dialog","dialog":"prompt","id":…,"title":…,"text":…|null,"field":{…}|null,
//   "buttons":[…],"focus":null|1,"cancel":1|null}`, and the parts only some
//   kinds have, absent when a kind has none: `page`, `choices`, `percent`,
//   `keyboard`, `first_line`, `default` (``DialogParts``), and `"system":true`
//   on the system's own questions (``ModalPicture/system``). A client draws a
//   kind it has never heard of from these parts.
//
// An entry of a `kind` the client does not know (a newer protocol's) is read
// from the members every shape has (`id`, `title`), so the rest of the stack
// still is.

extension ModalPicture: Codable {
  /// The `kind` of the menu shape.
  public static let menuShape = "menu"
  /// The `kind` of the alert shape, and the alert kind's name.
  public static let alertShape = "alert"
  /// The `kind` of the shape every other kind is sent in.
  public static let dialogShape = "dialog"

  enum CodingKeys: String, CodingKey {
    case buttons, cancel, choices, dialog, field, filter, highlight, id, items, keyboard, kind
    case message, offset, page, path, percent, system, text, title, total
    case defaultButton = "default"
    case firstLine = "first_line"
    case focusedButton = "focus"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let shape = try container.decode(String.self, forKey: .kind)
    switch shape {
    case Self.menuShape:
      let title = try container.decode(String.self, forKey: .title)
      let path = try container.decode([String].self, forKey: .path)
      let items = try container.decode([Menu.Item].self, forKey: .items)
      self.init(
        id: try container.decode(String.self, forKey: .id), kind: shape, title: title,
        menu: Menu(
          path: path.isEmpty ? [title] : path, items: items,
          highlight: try container.decodeIfPresent(Int.self, forKey: .highlight),
          filter: try container.decode(String.self, forKey: .filter),
          offset: try container.decodeIfPresent(Int.self, forKey: .offset) ?? 0,
          total: try container.decodeIfPresent(Int.self, forKey: .total)))
    case Self.alertShape:
      self.init(
        id: try container.decode(String.self, forKey: .id), kind: shape,
        title: try container.decode(String.self, forKey: .title),
        text: try container.decodeIfPresent(String.self, forKey: .message),
        firstLine: try container.decodeIfPresent(Int.self, forKey: .firstLine) ?? 0,
        buttons: try container.decode([String].self, forKey: .buttons),
        focusedButton: try container.decode(Int.self, forKey: .focusedButton),
        cancel: try container.decodeIfPresent(Int.self, forKey: .cancel),
        defaultButton: try container.decode(Int.self, forKey: .defaultButton))
    case Self.dialogShape:
      self.init(
        id: try container.decode(String.self, forKey: .id),
        kind: try container.decode(String.self, forKey: .dialog),
        title: try container.decode(String.self, forKey: .title),
        text: try container.decodeIfPresent(String.self, forKey: .text),
        firstLine: try container.decodeIfPresent(Int.self, forKey: .firstLine) ?? 0,
        page: try container.decodeIfPresent(Page.self, forKey: .page),
        choices: try container.decodeIfPresent(Choices.self, forKey: .choices),
        percent: try container.decodeIfPresent(Int.self, forKey: .percent),
        field: try container.decodeIfPresent(Field.self, forKey: .field),
        keyboard: try container.decodeIfPresent(Keyboard.self, forKey: .keyboard),
        buttons: try container.decodeIfPresent([String].self, forKey: .buttons) ?? [],
        focusedButton: try container.decodeIfPresent(Int.self, forKey: .focusedButton),
        cancel: try container.decodeIfPresent(Int.self, forKey: .cancel),
        defaultButton: try container.decodeIfPresent(Int.self, forKey: .defaultButton),
        system: try container.decodeIfPresent(Bool.self, forKey: .system) ?? false)
    default:
      self.init(
        id: (try? container.decodeIfPresent(String.self, forKey: .id)) ?? "", kind: shape,
        title: (try? container.decodeIfPresent(String.self, forKey: .title)) ?? shape)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    // In the order of the keys on the wire (sorted): OrderedJSONEncoder writes them as they come.
    var container = encoder.container(keyedBy: CodingKeys.self)
    if let menu {
      try container.encode(menu.filter, forKey: .filter)
      try container.encodeOrNull(menu.highlight, forKey: .highlight)
      try container.encode(id, forKey: .id)
      try container.encode(menu.items, forKey: .items)
      try container.encode(Self.menuShape, forKey: .kind)
      if menu.isWindow { try container.encode(menu.offset, forKey: .offset) }
      try container.encode(menu.path, forKey: .path)
      try container.encode(title, forKey: .title)
      if menu.isWindow { try container.encode(menu.total, forKey: .total) }
    } else if kind == Self.alertShape {
      try container.encode(buttons, forKey: .buttons)
      try container.encodeOrNull(cancel, forKey: .cancel)
      try container.encode(defaultButton ?? 0, forKey: .defaultButton)
      if firstLine > 0 { try container.encode(firstLine, forKey: .firstLine) }
      try container.encode(focusedButton ?? 0, forKey: .focusedButton)
      try container.encode(id, forKey: .id)
      try container.encode(Self.alertShape, forKey: .kind)
      try container.encodeOrNull(text, forKey: .message)
      try container.encode(title, forKey: .title)
    } else {
      try container.encode(buttons, forKey: .buttons)
      try container.encodeOrNull(cancel, forKey: .cancel)
      try container.encodeIfPresent(choices, forKey: .choices)
      try container.encodeIfPresent(defaultButton, forKey: .defaultButton)
      try container.encode(kind, forKey: .dialog)
      try container.encodeOrNull(field, forKey: .field)
      if firstLine > 0 { try container.encode(firstLine, forKey: .firstLine) }
      try container.encodeOrNull(focusedButton, forKey: .focusedButton)
      try container.encode(id, forKey: .id)
      try container.encodeIfPresent(keyboard, forKey: .keyboard)
      try container.encode(Self.dialogShape, forKey: .kind)
      try container.encodeIfPresent(page, forKey: .page)
      try container.encodeIfPresent(percent, forKey: .percent)
      if system { try container.encode(true, forKey: .system) }
      try container.encodeOrNull(text, forKey: .text)
      try container.encode(title, forKey: .title)
    }
  }
}
