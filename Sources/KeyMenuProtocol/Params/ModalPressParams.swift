/// `modal.press` params: one of the caller's modals, by the request that
/// showed it or by its id, and the key to press on it while it is in front.
public struct ModalPressParams: CheckedParams, Equatable {
  /// The id of the request that showed the modal.
  public var request: RPCID?
  /// The modal's id (as `state.get` shows it).
  public var id: String?
  /// The key, as a chord: modifiers and an evdev key name joined by `+`
  /// (`KEY_DOWN`, `down`, `shift+KEY_TAB`).
  public var key: String
  /// What the key types, for a modal that takes text (the prompt): a
  /// character typed on a terminal, which already applied its own keyboard
  /// layout (`é`, `A`). Without it a key types what the daemon's layout
  /// gives its US position. At most ``longestText`` bytes, visible text.
  public var text: String?

  /// The longest key chord taken.
  public static let longestKey = 64
  /// The longest text one press types (a character, or a few).
  public static let longestText = 16

  /// Creates params.
  public init(request: RPCID? = nil, id: String? = nil, key: String, text: String? = nil) {
    self.request = request
    self.id = id
    self.key = key
    self.text = text
  }

  /// The modal it names, as `*.dismiss` names theirs.
  public var target: DismissParams { DismissParams(request: request, id: id) }

  public func check() throws(RPCError) {
    try target.check()
    if request == nil, id == nil { throw .invalidParams("give request or id", field: "request") }
    guard !key.isEmpty, key.utf8.count <= Self.longestKey else {
      throw .invalidParams("must be a key name such as KEY_DOWN or shift+KEY_TAB", field: "key")
    }
    try RequestLimits.shown(key, field: "key")
    if let text {
      guard !text.isEmpty, text.utf8.count <= Self.longestText else {
        throw .invalidParams("must be 1 to \(Self.longestText) bytes", field: "text")
      }
      try RequestLimits.shown(text, field: "text")
    }
  }
}
