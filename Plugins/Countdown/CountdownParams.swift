import KeyMenuProtocol

/// `countdown.start` params: what the notice says and how long it stays.
struct CountdownStartParams: CheckedParams {
  /// The notice's title.
  var title: String
  /// Seconds until it closes by itself (1 to 86400).
  var seconds: Int
  /// More detail; by default how long it stays.
  var message: String?
  /// The one button's title (Esc, Back and Exit pick it too); `Cancel` by default.
  var button: String?

  /// The longest countdown: a day.
  static let maximumSeconds = 86_400

  /// `-32602` naming the first member at fault: seconds out of range, or a
  /// text ``RequestLimits`` refuses (too long, or a forbidden character).
  func check() throws(RPCError) {
    guard (1...Self.maximumSeconds).contains(seconds) else {
      throw .invalidParams("must be 1 to \(Self.maximumSeconds) seconds", field: "seconds")
    }
    try RequestLimits.title(title, field: "title")
    if let button { try RequestLimits.title(button, field: "button") }
    if let message { try RequestLimits.message(message, field: "message") }
  }

  /// Why `value` is not a countdown's params (a configured action), or nil
  /// when it is one.
  static func problem(with value: JSONValue) -> String? {
    do throws(RPCError) {
      _ = try decode(value)
      return nil
    } catch {
      // The socket's wording, without its "invalid params: " prefix.
      return String(error.message.trimmingPrefix("invalid params: "))
    }
  }

  /// The params in `value`, checked; `-32602` naming the member at fault otherwise.
  static func decode(_ value: JSONValue) throws(RPCError) -> Self {
    try RPCRequest(id: nil, method: "countdown", params: value).checkedParams(as: Self.self)
  }

  /// What the notice costs the daemon while it shows (``HoldingCost``; the
  /// ledger adds the object itself).
  var heldBytes: Int { HoldingCost.text(title) + HoldingCost.text(message) + HoldingCost.text(button) }
}

/// `countdown.stop` params: the request that started the countdown.
struct CountdownStopParams: Decodable, Sendable {
  /// The id of the `countdown.start` request.
  var request: RPCID
}
