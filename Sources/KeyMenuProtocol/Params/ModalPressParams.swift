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

  /// The params read straight from the parsed request, when they are an
  /// object whose members, where present, have their types (what every
  /// client sends); nil for anything else, which `Decodable` then reads
  /// and names what is wrong with (``RPCRequest/pressParams()``).
  ///
  /// By hand because a client sends one with every key: reading through
  /// `Decodable` was about 27 µs of the engine's 170 per press (`perf
  /// record` of keymenud over 1,000 presses), more than the key's routing.
  /// It reads what `Decodable` reads: unknown members are ignored, null is
  /// absent, and a request id is a number only if it is a whole one that
  /// a double holds exactly.
  public init?(reading params: JSONValue?) {
    guard case .object(let members) = params, case .string(let key) = members["key"] else { return nil }
    self.key = key
    switch members["request"] {
    case nil, .null: request = nil
    case .string(let id): request = .string(id)
    case .number(let number):
      guard let whole = JSONValueDecoder.exactInt(number) else { return nil }
      request = .number(whole)
    default: return nil
    }
    guard let id = Self.optionalString(members["id"]), let text = Self.optionalString(members["text"]) else {
      return nil
    }
    self.id = id
    self.text = text
  }

  /// A member that may be a string: `.some(nil)` when absent or null, nil
  /// when it is anything else.
  private static func optionalString(_ member: JSONValue?) -> String?? {
    switch member {
    case nil, .null: .some(nil)
    case .string(let string): .some(string)
    default: nil
    }
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

extension RPCRequest {
  /// `modal.press`'s params, read by hand when they are well formed
  /// (``ModalPressParams/init(reading:)``), else through `Decodable`, and
  /// checked: the same params and the same errors either way.
  public func pressParams() throws(RPCError) -> ModalPressParams {
    guard let params = ModalPressParams(reading: params) else {
      return try checkedParams(as: ModalPressParams.self)
    }
    try params.check()
    return params
  }
}
