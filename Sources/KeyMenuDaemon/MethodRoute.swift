import KeyMenuEngineActor
import KeyMenuProtocol
import KeyMenuRuntime

/// How the daemon carries out one of its own JSON-RPC methods (none waits
/// for a person: those are plugins' methods, ``MethodDeclaration``). The
/// tier a method needs is its ``DaemonMethod``'s, checked before the request
/// reaches the core. ``RequestRouter/routes`` is the table.
struct MethodRoute: Sendable {
  /// Carries the request out: its result.
  var handle: @Sendable @EngineActor (RequestRouter, RPCRequest, ClientSession) throws(RPCError) -> JSONValue?

  /// A route.
  init(
    _ handle:
      @escaping @Sendable @EngineActor (RequestRouter, RPCRequest, ClientSession) throws(RPCError) ->
      JSONValue?
  ) {
    self.handle = handle
  }
}
