public import KeyMenuProtocol

/// What the server hands to the daemon: connections and their valid,
/// permitted requests. Framing, JSON errors, unknown methods and tier checks
/// are answered by the server itself.
///
/// Called on the connection's event loop; implementations hand the work on
/// and return at once.
public protocol SocketServerDelegate: Sendable {
  /// A client connected and was given its tier.
  func clientConnected(_ client: ClientHandle)
  /// A well-formed request for a method the client's tier allows. The
  /// implementation gives `ticket` back (``RequestIntake/carriedOut(_:)``,
  /// on `client.intake`) once the request was carried out: until then it
  /// counts against the connection's intake, and past its bound nothing
  /// more is read from the connection.
  func client(_ client: ClientHandle, requested request: RPCRequest, ticket: RequestIntake.Ticket)
  /// The connection closed, for whatever reason; called once per client.
  func clientDisconnected(_ client: ClientHandle)
  /// The connection's channel closed, and what was queued for it was
  /// dropped: right after ``clientDisconnected(_:)``, or, for a client given
  /// up on for not reading (which counts as disconnected at once), when its
  /// notice was written or its grace ran out.
  func connectionClosed(_ client: ClientHandle)
  /// A client that fell behind caught up: the lines that waited for it
  /// were freed.
  func backlogDrained(_ client: ClientHandle)
  /// Every method served, with the lowest tier that may call it: the
  /// protocol's own (``MethodCatalog/methods``) and those plugins declare.
  var methodTiers: [String: Tier] { get }
}

extension SocketServerDelegate {
  public var methodTiers: [String: Tier] { MethodCatalog.methods }
  public func connectionClosed(_ client: ClientHandle) {}
  public func backlogDrained(_ client: ClientHandle) {}
}
