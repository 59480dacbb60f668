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

  /// The longest key chord taken.
  public static let longestKey = 64

  /// Creates params.
  public init(request: RPCID? = nil, id: String? = nil, key: String) {
    self.request = request
    self.id = id
    self.key = key
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
  }
}
