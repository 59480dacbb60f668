/// `prompt.show` params: the question and the line of text it asks for.
public struct PromptShowParams: CheckedParams, Equatable {
  /// The question asked.
  public var title: String
  /// Text under the title; it may hold line breaks.
  public var message: String?
  /// The text the field starts with (`text`), the cursor at its end.
  public var initialText: String?
  /// Whether the text is a secret: shown as bullets, never spoken or sent
  /// to subscribers (only its length is).
  public var masked: Bool?
  /// The most characters the text may have (`max_length`, 1 to ``longest``).
  public var maximumLength: Int?
  /// When the on-screen keyboard shows: `auto` (the default: when only
  /// devices without letter keys are attached, or one of them is used),
  /// `always` or `never`.
  public var keyboard: String?
  /// The OK button's title (`ok`, default `OK`).
  public var okTitle: String?
  /// The Cancel button's title (`cancel`, default `Cancel`).
  public var cancelTitle: String?
  /// No Cancel button (`no_cancel`; Esc still cancels).
  public var noCancel: Bool?
  /// Whose keys the prompt follows (`keys`, default `keymenu`).
  public var keys: KeyProfile?
  /// The system itself asks (`system`): a password agent's question,
  /// marked as the system's by every presenter (``ModalPicture/system``).
  /// Only a root client may set it (`-32001` otherwise).
  public var system: Bool?

  /// The values `keyboard` takes.
  public static let keyboardModes = ["auto", "always", "never"]

  /// The longest text a prompt takes, with or without `max_length`.
  public static let longest = 4096

  enum CodingKeys: String, CodingKey {
    case title, message, masked, keyboard
    case initialText = "text"
    case maximumLength = "max_length"
    case okTitle = "ok"
    case cancelTitle = "cancel"
    case noCancel = "no_cancel"
    case keys, system
  }

  /// Creates params.
  public init(
    title: String, message: String? = nil, initialText: String? = nil, masked: Bool? = nil,
    maximumLength: Int? = nil, keyboard: String? = nil, okTitle: String? = nil, cancelTitle: String? = nil,
    noCancel: Bool? = nil, keys: KeyProfile? = nil, system: Bool? = nil
  ) {
    self.keys = keys
    self.system = system
    self.keyboard = keyboard
    self.title = title
    self.message = message
    self.initialText = initialText
    self.masked = masked
    self.maximumLength = maximumLength
    self.okTitle = okTitle
    self.cancelTitle = cancelTitle
    self.noCancel = noCancel
  }

  public func check() throws(RPCError) {
    try KeyProfile.checkNotDmenu(keys)
    try RequestLimits.title(title, field: "title")
    if let keyboard, !Self.keyboardModes.contains(keyboard) {
      throw .invalidParams("must be one of \(Self.keyboardModes.joined(separator: ", "))", field: "keyboard")
    }
    if let message { try RequestLimits.message(message, field: "message") }
    if let maximumLength, !(1...Self.longest).contains(maximumLength) {
      throw .invalidParams("must be 1 to \(Self.longest) characters", field: "max_length")
    }
    if let initialText {
      try RequestLimits.title(initialText, field: "text")
      if initialText.count > (maximumLength ?? Self.longest) {
        throw .invalidParams("longer than max_length", field: "text")
      }
    }
    if let okTitle { try RequestLimits.title(okTitle, field: "ok") }
    if let cancelTitle { try RequestLimits.title(cancelTitle, field: "cancel") }
  }

  /// The buttons' titles: OK's, then Cancel's unless ``noCancel``.
  public var buttons: [String] {
    let ok = okTitle ?? "OK"
    return noCancel == true ? [ok] : [ok, cancelTitle ?? "Cancel"]
  }

  /// What the prompt costs the daemon while it waits (``HoldingCost``; the
  /// ledger adds the object itself, which covers the typed text, bounded by
  /// ``longest`` characters).
  public var heldBytes: Int {
    HoldingCost.text(title) + HoldingCost.text(message) + HoldingCost.text(initialText)
      + HoldingCost.text(okTitle) + HoldingCost.text(cancelTitle)
  }
}
