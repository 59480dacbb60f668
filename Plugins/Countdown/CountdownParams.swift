import KeyMenuCore
import KeyMenuProtocol

/// `countdown.start` params: what the notice says and how long it stays.
struct CountdownStartParams: Decodable, Sendable {
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

  /// `-32602` naming the first member at fault: a title or button over
  /// ``ProtocolLimits/maximumTitleBytes``, a message over
  /// ``ProtocolLimits/maximumMessageBytes``, a character ``ShownText``
  /// forbids, or seconds out of range.
  func check() throws(RPCError) {
    guard (1...Self.maximumSeconds).contains(seconds) else {
      throw .invalidParams("must be 1 to \(Self.maximumSeconds) seconds", field: "seconds")
    }
    try Self.checkText(title, field: "title", limit: ProtocolLimits.maximumTitleBytes)
    if let button { try Self.checkText(button, field: "button", limit: ProtocolLimits.maximumTitleBytes) }
    if let message {
      try Self.checkText(message, field: "message", limit: ProtocolLimits.maximumMessageBytes, newlines: true)
    }
  }

  /// Why `value` is not a countdown's params (a configured action), or nil
  /// when it is one.
  static func problem(with value: JSONValue) -> String? {
    do throws(RPCError) {
      try decode(value).check()
      return nil
    } catch {
      // The socket's wording, without its "invalid params: " prefix.
      return String(error.message.trimmingPrefix("invalid params: "))
    }
  }

  /// The params in `value`; `-32602` naming the member at fault otherwise.
  static func decode(_ value: JSONValue) throws(RPCError) -> Self {
    try RPCRequest(id: nil, method: "countdown", params: value).decodeParams(as: Self.self)
  }

  /// Bytes of text the notice keeps while it shows.
  var heldBytes: Int { title.utf8.count + (message?.utf8.count ?? 0) + (button?.utf8.count ?? 0) }

  private static func checkText(_ text: String, field: String, limit: Int, newlines: Bool = false)
    throws(RPCError)
  {
    guard text.utf8.count <= limit else { throw .invalidParams("longer than \(limit) bytes", field: field) }
    if let scalar = ShownText.firstForbidden(in: text, allowingNewlines: newlines) {
      throw .invalidParams(
        "\(ShownText.name(scalar)) is not allowed (control and bidi-override characters are refused)",
        field: field)
    }
  }
}

/// `countdown.stop` params: the request that started the countdown.
struct CountdownStopParams: Decodable, Sendable {
  /// The id of the `countdown.start` request.
  var request: RPCID
}
