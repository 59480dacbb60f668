public import KeyMenuEngineActor
public import KeyMenuProtocol

/// One request for a plugin's method, as its handler sees it on the engine's
/// thread: the params, who called, and for a method answered later the
/// ``MethodReply`` that answers it.
///
/// Valid while the handler runs; what must outlive it (the reply, the
/// caller's connection number) is copied out.
public struct MethodCall {
  /// The method's name.
  public let method: String
  /// The request's params, parsed once (nil when it had none).
  public let params: JSONValue?
  /// Who sent it.
  public let caller: MethodCaller
  /// The request's id; nil for a notification (no answer goes back).
  public let requestID: RPCID?
  /// For a method answered later: what sends the answer.
  public let reply: MethodReply?
  private let holdBytes: (Int) throws(RPCError) -> Void

  /// Made by the daemon for each request it routes to a plugin.
  public init(
    method: String, params: JSONValue?, caller: MethodCaller, requestID: RPCID?, reply: MethodReply?,
    hold: @escaping (Int) throws(RPCError) -> Void
  ) {
    self.method = method
    self.params = params
    self.caller = caller
    self.requestID = requestID
    self.reply = reply
    self.holdBytes = hold
  }

  /// The params decoded as `T`; `-32602` naming the member at fault otherwise.
  public func decodeParams<T: Decodable>(as type: T.Type) throws(RPCError) -> T {
    try RPCRequest(id: requestID, method: method, params: params).decodeParams(as: type)
  }

  /// The params decoded as `T` and checked (``CheckedParams``); `-32602`
  /// naming the member at fault otherwise.
  public func checkedParams<T: CheckedParams>(as type: T.Type) throws(RPCError) -> T {
    let params = try decodeParams(as: type)
    try params.check()
    return params
  }

  /// Counts the waiting request and `bytes` of text it keeps against the
  /// caller's uid and the daemon's bounds until it is answered (`-32007`
  /// naming the bound it would pass). Only for a method answered later.
  public func holdWhileWaiting(bytes: Int) throws(RPCError) {
    try holdBytes(bytes)
  }
}

/// Who sent a request.
public struct MethodCaller: Hashable, Sendable {
  /// The connection's number (`client:N`), unique while the daemon runs.
  public var connection: Int
  /// The peer's uid.
  public var uid: UInt32
  /// What the connection may do.
  public var tier: Tier
  /// The owner name the engine records for the caller's objects:
  /// `client:N`, or `plugin:NAME` for an external plugin.
  public var owner: String

  /// Describes a caller.
  public init(connection: Int, uid: UInt32, tier: Tier, owner: String) {
    self.connection = connection
    self.uid = uid
    self.tier = tier
    self.owner = owner
  }
}

/// Answers a request that waited for a person: call it once. The daemon
/// forgets the request (its id may be used again, its holding goes back)
/// before the answer leaves, so a request the client sends after reading it
/// finds the id free. Answering after the connection closed does nothing.
/// Answered on the engine thread, where requests are carried out.
@EngineActor
public struct MethodReply: Sendable {
  private let send: @Sendable @EngineActor (Result<JSONValue, RPCError>) -> Void
  private let tell: @Sendable @EngineActor (_ method: String, _ params: JSONValue) -> Void

  /// Made by the daemon: `send` answers, `tell` sends the requesting
  /// connection a notification (none by default).
  nonisolated public init(
    send: @escaping @Sendable @EngineActor (Result<JSONValue, RPCError>) -> Void,
    tell: @escaping @Sendable @EngineActor (_ method: String, _ params: JSONValue) -> Void = { _, _ in }
  ) {
    self.send = send
    self.tell = tell
  }

  /// Sends the result.
  public func answer(_ result: JSONValue) { send(.success(result)) }

  /// Sends the requesting connection (only it) a notification while the
  /// request still waits, such as `menu.picked`; it arrives before the
  /// answer. Nothing once the connection closed.
  public func notify(_ method: String, _ params: JSONValue) { tell(method, params) }

  /// Sends an error answer.
  public func fail(_ error: RPCError) { send(.failure(error)) }
}
