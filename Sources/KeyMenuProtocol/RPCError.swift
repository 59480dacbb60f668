/// A JSON-RPC error object: a code, a message a person can act on, and
/// optional data. The codes below -32000 are JSON-RPC's; keymenu's own are
/// in -32000 ... -32099, as the specification reserves for servers.
public struct RPCError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
  public var code: Int
  public var message: String
  public var data: JSONValue?

  /// Creates an error.
  public init(code: Int, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  public var description: String { "\(code): \(message)" }

  /// The line is not JSON, or not UTF-8 (`-32700`).
  public static func parseError(_ detail: String) -> RPCError {
    RPCError(code: -32700, message: "parse error: \(detail)")
  }

  /// The JSON is not a JSON-RPC 2.0 request (`-32600`).
  public static func invalidRequest(_ detail: String) -> RPCError {
    RPCError(code: -32600, message: "invalid request: \(detail)")
  }

  /// No such method (`-32601`).
  public static func methodNotFound(_ method: String) -> RPCError {
    RPCError(code: -32601, message: "method not found: \(method)")
  }

  /// The params do not fit the method; names the field (`-32602`).
  public static func invalidParams(_ detail: String, field: String? = nil) -> RPCError {
    RPCError(
      code: -32602, message: "invalid params: " + (field.map { "\($0): " } ?? "") + detail,
      data: field.map { .object(["field": .string($0)]) })
  }

  /// The client's tier does not allow the method (`-32001`).
  public static func forbidden(_ method: String, tier: String, needs: String) -> RPCError {
    RPCError(
      code: -32001, message: "\(method) needs the \(needs) tier; this connection is \(tier)",
      data: .object(["tier": .string(tier), "needs": .string(needs)]))
  }

  /// A question marked as the system's own (`system: true`) from a client
  /// that is not root (`-32001`): only the system's password agent, which
  /// runs as root, asks those, so that no other client's question can be
  /// taken for one.
  public static func systemQuestionForbidden(uid: UInt32) -> RPCError {
    RPCError(
      code: -32001,
      message:
        "system: only root (the system's password agent) may ask the system's questions; "
        + "this connection is uid \(uid)",
      data: .object(["field": .string("system")]))
  }

  /// The line is longer than ``ProtocolLimits/maximumLineBytes`` (`-32002`); the
  /// connection is then closed.
  public static let lineTooLong = RPCError(
    code: -32002, message: "line longer than \(ProtocolLimits.maximumLineBytes) bytes; closing the connection"
  )

  /// The daemon already serves ``ProtocolLimits/maximumClients`` (`-32003`).
  public static let tooManyClients = RPCError(
    code: -32003, message: "too many clients (at most \(ProtocolLimits.maximumClients)); try again later")

  /// One uid other than root already holds ``ProtocolLimits/maximumClientsPerUser``
  /// connections (`-32003`); sent at once on connecting, then the connection closes.
  public static func tooManyConnections(uid: UInt32, share: Int) -> RPCError {
    RPCError(
      code: -32003,
      message: "too many connections from uid \(uid) (at most \(share) per user); try again later")
  }

  /// A request line was begun and not completed in time (`-32600`, `id` null);
  /// the connection then closes.
  public static func lineNotCompleted(milliseconds: Int) -> RPCError {
    var fraction = String(milliseconds % 1000 + 1000).dropFirst()
    while fraction.last == "0" { fraction.removeLast() }
    let seconds = "\(milliseconds / 1000)" + (fraction.isEmpty ? "" : ".\(fraction)")
    return RPCError(
      code: -32600, message: "request line not completed within \(seconds) s; closing the connection")
  }

  /// A selector's action failed (`-32005`); `data` has the selector and code.
  public static let actionFailedCode = -32005

  /// The configuration could not be loaded (`-32006`); `data.errors` lists
  /// each as `file:line:column: message`, and the old configuration stays.
  public static let configInvalidCode = -32006

  /// A limit on what clients hold is reached (`-32007`): too many alerts or
  /// menus waiting for answers, too many defined menus, or too many bytes of
  /// their text, for this connection, for its uid or for the whole daemon;
  /// the message names which.
  public static func limitReached(_ what: String) -> RPCError {
    RPCError(code: -32007, message: "limit reached: \(what)")
  }

  /// The named object does not exist or belongs to someone else (`-32004`).
  public static func notFound(_ what: String) -> RPCError {
    RPCError(code: -32004, message: "not found: \(what)")
  }
}

/// The protocol's fixed limits, as documented in docs/PROTOCOL.md.
public enum ProtocolLimits {
  /// The longest request line, newline excluded.
  public static let maximumLineBytes = 64 * 1024
  /// The most clients served at once.
  public static let maximumClients = 512
  /// The most connections one uid other than root may hold at once (root is
  /// bounded by ``maximumClients`` only). Idle connections are bounded by this
  /// share, not by a timeout.
  public static let maximumClientsPerUser = 64
  /// Milliseconds a begun request line (bytes without their newline) may take
  /// to complete before the connection gets `-32600` and is closed.
  public static let partialLineMilliseconds = 10_000
  /// Unwritten bytes above which a client's followed-state notifications
  /// (`alert.*`, `menu.*`, `state.changed`) are coalesced rather than queued.
  public static let coalesceAboveBytes = 256 * 1024
  /// Unwritten bytes below which a coalescing client gets the newest
  /// `state.changed` (with `skipped`) and normal delivery resumes.
  public static let coalesceResumeBelowBytes = 64 * 1024
  /// Bytes of answers and notifications that cannot be coalesced a client may
  /// leave unread before it is disconnected (told why first where possible).
  public static let outboundLimitBytes = 1024 * 1024
  /// Requests one connection may have waiting for a person's answer at once
  /// (`alert.show`, `menu.open`, `menu.show` together).
  public static let maximumWaitingRequests = 64
  /// Menus one connection may define (`menu.define`).
  public static let maximumDefinedMenus = 64
  /// Alerts and menus waiting for answers that all connections of one uid
  /// may have together.
  public static let maximumWaitingPerUID = 256
  /// Definitions (menus, and any kind's that clients define) all
  /// connections of one uid may keep together.
  public static let maximumDefinitionsPerUID = 256
  /// Bytes of memory one uid's waiting requests (alerts, menus, dialogs) and
  /// definitions may cost together, as ``HoldingCost`` counts them: about
  /// 50,000 one-word menu items, or 160 text boxes of 60 KB.
  public static let maximumHeldBytesPerUID = 32 * 1024 * 1024
  /// Alerts and menus waiting for answers in the whole daemon.
  public static let maximumWaitingInAll = 2048
  /// Definitions (as ``maximumDefinitionsPerUID``) kept for clients in the whole daemon.
  public static let maximumDefinitionsInAll = 2048
  /// Bytes of memory held for all clients together (as ``maximumHeldBytesPerUID``).
  public static let maximumHeldBytesInAll = 64 * 1024 * 1024
  /// The longest title (alert, button, menu, item), in bytes.
  public static let maximumTitleBytes = 1024
  /// The longest alert message, in bytes.
  public static let maximumMessageBytes = 16 * 1024
  /// Invalid lines in a row after which an external plugin is cut off (and
  /// killed); each one is answered with its error first.
  public static let maximumInvalidPluginLines = 5
  /// The most buttons of one alert.
  public static let maximumButtons = 32
  /// The protocol version `hello` reports.
  public static let version = 1
}
