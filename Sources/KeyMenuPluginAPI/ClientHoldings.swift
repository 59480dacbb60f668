public import KeyMenuEngineActor
public import KeyMenuProtocol

/// The daemon's count of what clients make it hold (``ProtocolLimits``: per
/// uid and in all), for what a kind keeps beyond a request answered later
/// (``MethodCall/holdWhileWaiting(bytes:)``): a named definition, such as a
/// defined menu, and the growing text of a request sent in parts.
///
/// The daemon provides it as a service (``PluginHost/service(_:)``); its
/// calls run on the engine's thread, at once. Where nothing counts (an
/// engine without a daemon) there is none, and a kind keeps going without.
@EngineActor
public struct ClientHoldings: Sendable {
  private let waiting:
    @Sendable @EngineActor (_ caller: MethodCaller, _ request: RPCID, _ bytes: Int) throws(RPCError) -> Void
  private let definition:
    @Sendable @EngineActor (_ plugin: String, _ name: String, _ uid: UInt32, _ bytes: Int) throws(RPCError) ->
      Void
  private let release: @Sendable @EngineActor (_ plugin: String, _ name: String) -> Void

  /// Made by the daemon.
  nonisolated public init(
    holdWaiting: @escaping @Sendable @EngineActor (MethodCaller, RPCID, Int) throws(RPCError) -> Void,
    holdDefinition: @escaping @Sendable @EngineActor (String, String, UInt32, Int) throws(RPCError) -> Void,
    releaseDefinition: @escaping @Sendable @EngineActor (String, String) -> Void
  ) {
    self.waiting = holdWaiting
    self.definition = holdDefinition
    self.release = releaseDefinition
  }

  /// Counts `bytes` of text for `caller`'s waiting request `request`, in
  /// place of what it held so far (a menu whose items come in parts):
  /// `-32007` naming the bound it would pass, and then nothing changes. The
  /// holding goes back when the request is answered.
  public func holdWaiting(_ request: RPCID, of caller: MethodCaller, bytes: Int) throws(RPCError) {
    try waiting(caller, request, bytes)
  }

  /// Counts a definition `plugin` keeps for a client under `name`, with
  /// `bytes` of its text, against `uid`'s and the daemon's bounds, in place
  /// of what `plugin` held under that name: `-32007` naming the bound it
  /// would pass, and then nothing changes. Held until ``releaseDefinition(_:of:)``.
  public func holdDefinition(_ name: String, of plugin: String, uid: UInt32, bytes: Int) throws(RPCError) {
    try definition(plugin, name, uid, bytes)
  }

  /// Gives back what `plugin` held under `name`; nothing when it held nothing.
  public func releaseDefinition(_ name: String, of plugin: String) {
    release(plugin, name)
  }
}
