import KeyMenuProtocol

/// How the daemon carries out one JSON-RPC method: the plugin that must be
/// running for it, whether a person answers it later, and the handler. The
/// tier a method needs is ``MethodCatalog``'s, checked before the request
/// reaches the core. ``DaemonCore/routes`` is the table.
struct MethodRoute: Sendable {
  /// The built-in plugin that must be running (`-32601` naming it otherwise).
  var plugin: String?
  /// Whether the answer comes when a person answers: the request needs an
  /// id, and the handler returns nil and answers later.
  var answeredLater: Bool
  /// Carries the request out: its result now, or nil when answered later.
  var handle: @Sendable (DaemonCore, RPCRequest, ClientSession) throws(RPCError) -> JSONValue?

  /// A route; a handler that answers later returns nil.
  init(
    plugin: String? = nil, answeredLater: Bool = false,
    _ handle: @escaping @Sendable (DaemonCore, RPCRequest, ClientSession) throws(RPCError) -> JSONValue?
  ) {
    self.plugin = plugin
    self.answeredLater = answeredLater
    self.handle = handle
  }
}
