import Glibc
import KeyMenuConfig
import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuEvdev
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuServer
import Logging

/// Carries out clients' requests: the connected clients and what each
/// owns (``ConnectionBook``), the daemon's own methods (``routes``), a
/// plugin's declared methods through the handler it registered, and the
/// answers of requests that wait for a person. Owned by the ``DaemonCore``,
/// on the engine thread; the socket server hands each request over through
/// ``CoreAddress``.
@EngineActor
final class RequestRouter {
  let engine: Engine
  let hub: EventHub
  let status: StatusBoard
  let holdingBook: HoldingBook
  /// The configuration's actions: commands a request starts are charged to
  /// its client, what it shows counted against it.
  let actions: ActionRunner
  let plugins: PluginManager
  /// The plugins the daemon may run: their methods and topics.
  let catalog: PluginCatalog
  /// The daemon's own plugin host, once its plugin registered.
  let hostBox: HostBox
  let keyNames: KeyNameTable
  var logger: Logger
  /// The connected clients and what each owns.
  var connections = ConnectionBook()
  /// The open devices as `devices.list` shows them (the core's).
  var deviceEntries: @EngineActor () -> [DeviceEntry] = { [] }
  /// `config.reload` (the core's).
  var reload: @EngineActor (ClientSession) throws(RPCError) -> JSONValue = { _ throws(RPCError) in
    throw .methodNotFound("config.reload")
  }

  init(
    engine: Engine, hub: EventHub, status: StatusBoard, holdingBook: HoldingBook, actions: ActionRunner,
    plugins: PluginManager, catalog: PluginCatalog, hostBox: HostBox, keyNames: KeyNameTable, logger: Logger
  ) {
    self.engine = engine
    self.hub = hub
    self.status = status
    self.holdingBook = holdingBook
    self.actions = actions
    self.plugins = plugins
    self.catalog = catalog
    self.hostBox = hostBox
    self.keyNames = keyNames
    self.logger = logger
  }

  /// A client connected.
  func clientConnected(_ client: ClientHandle) {
    connections.connect(client)
    hub.connect(client)
    logger.debug("client \(client.id) connected: uid \(client.credentials.uid), tier \(client.tier.rawValue)")
  }

  /// A client went away: everything it owned goes, and what was in front
  /// before comes back.
  func clientDisconnected(_ client: ClientHandle) {
    plugins.pluginDisconnected(client)
    guard let session = connections.disconnect(client.id) else { return }
    let waiting = session.waitingCalls.count
    hub.unsubscribe(client)
    // Every plugin ends what it keeps for the connection.
    hostBox.host?.post(
      Notification(.connectionClosed, payload: ConnectionClosed(connection: client.id, owner: session.owner)))
    // The answers the plugins send release each of the client's waiting
    // requests too (``reply(to:of:)``); this makes sure whatever path ends them.
    holdingBook.releaseAll { key in
      if case .request(client.id, _) = key { return true }
      return false
    }
    let removed = engine.registry.removeAll(ownedBy: session.selectorOwner)
    logger.debug(
      "client \(client.id) disconnected: \(waiting) requests ended, \(removed.count) selectors removed"
    )
  }

  /// Carries out one permitted request; the answer is sent now, or later
  /// for requests that wait for a person (a plugin's, ``MethodDeclaration/answeredLater``).
  func handle(_ request: RPCRequest, from client: ClientHandle) {
    guard let session = connections[client.id] else { return }
    do throws(RPCError) {
      // Commands the request starts are charged to the client's uid.
      let charge = CommandShares.Charge.uid(client.credentials.uid)
      guard
        let result = try actions.commands.charging(
          charge, { () throws(RPCError) in try dispatch(request, session) })
      else { return }
      if let id = request.id { client.send(.result(id: id, result)) }
    } catch {
      if let id = request.id { client.send(.error(id: id, error)) }
    }
  }

  /// The method's result, or `nil` when it is answered later.
  private func dispatch(_ request: RPCRequest, _ session: ClientSession) throws(RPCError) -> JSONValue? {
    guard let route = Self.routes[request.method] else { return try dispatchToPlugin(request, session) }
    if MethodCatalog.pluginOnly.contains(request.method), session.client.pluginName == nil {
      throw RPCError(
        code: -32601, message: "\(request.method) is for external plugins only (docs/PLUGINS.md)")
    }
    return try route.handle(self, request, session)
  }

  /// A request that waits for a person's answer needs an id that no other
  /// waiting request of the connection uses, within the connection's bound.
  private func checkWaiting(_ request: RPCRequest, _ session: ClientSession) throws(RPCError) {
    // The answer is the response: without an id nobody could receive it or dismiss it.
    guard let id = request.id else {
      throw .invalidRequest("\(request.method) needs an id: its answer is the response")
    }
    guard !session.waitingCalls.contains(id) else {
      throw .invalidRequest("id \(id) is already used by a request still waiting for its answer")
    }
    let waiting = session.waitingCalls.count
    guard waiting < ProtocolLimits.maximumWaitingRequests else {
      throw .waitingLimitReached(
        "this connection", held: waiting, bound: ProtocolLimits.maximumWaitingRequests, scope: nil)
    }
  }

  /// A method a plugin declares: carried out by the handler its plugin
  /// registered; `-32601` naming the plugin while it does not run.
  private func dispatchToPlugin(_ request: RPCRequest, _ session: ClientSession) throws(RPCError)
    -> JSONValue?
  {
    guard let declared = catalog.declaredMethods[request.method] else {
      throw .methodNotFound(request.method)
    }
    let answeredLater = declared.declaration.answeredLater
    if answeredLater { try checkWaiting(request, session) }
    guard let handler = engine.methodHandler(request.method), handler.plugin == declared.plugin else {
      throw RPCError.pluginNotRunning(declared.plugin, for: request.method)
    }
    let client = session.client
    // Only a waiting request holds (under its id, which checkWaiting found free).
    let holding = answeredLater ? request.id.map { HoldingKey.request(client: client.id, id: $0) } : nil
    let call = MethodCall(
      method: request.method, params: request.params, caller: session.caller, requestID: request.id,
      reply: answeredLater ? request.id.map { reply(to: $0, of: client) } : nil
    ) { [self] (bytes: Int) throws(RPCError) in
      guard let holding else { return }
      try holdingBook.reserve(holding, .init(uid: client.credentials.uid, kind: .waiting, bytes: bytes))
    }
    do throws(RPCError) {
      let result = try handler.handler(call)
      if answeredLater, result == nil, let id = request.id { session.waitingCalls.insert(id) }
      return result
    } catch {
      if let holding { holdingBook.release(holding) }
      throw error
    }
  }

  /// Answers a waiting request: the connection forgets it (its id is free,
  /// its holding goes back) before the answer leaves.
  private func reply(to id: RPCID, of client: ClientHandle) -> MethodReply {
    return MethodReply(
      send: { [weak self] result in
        // After what the engine does now: an answer sent while the request
        // is still being dispatched finds it waiting, not yet recorded.
        self?.engine.perform { [weak self] in
          self?.connections[client.id]?.waitingCalls.remove(id)
          self?.holdingBook.release(.request(client: client.id, id: id))
        }
        switch result {
        case .success(let value): client.send(.result(id: id, value))
        case .failure(let error): client.send(.error(id: id, error))
        }
      },
      tell: { method, params in client.send(.notification(method: method, params: params)) })
  }

  /// `devices.list`'s result.
  var devicesJSON: JSONValue { JSONValue(encoding: deviceEntries()) }
}
