import AlertsPlugin
import KeyMenuCore
import KeyMenuEvdev
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuServer
import Logging
import MenusPlugin

extension DaemonCore {
  /// A client connected.
  func clientConnected(_ client: ClientHandle) {
    sessions[client.id] = ClientSession(client: client)
    logger.debug("client \(client.id) connected: uid \(client.credentials.uid), tier \(client.tier.rawValue)")
  }

  /// A client went away: everything it owned goes, and what was in front
  /// before comes back.
  func clientDisconnected(_ client: ClientHandle) {
    pluginDisconnected(client)
    guard let session = sessions.removeValue(forKey: client.id) else { return }
    hub.unsubscribe(client)
    keySubscribers[client.id] = nil
    for alert in session.pendingAlerts.values { alerts.dismiss(alert) }
    for menu in session.openMenus.values { menus.close(menu) }
    for name in session.definedMenus { removeDefinedMenu(name) }
    // The answers above release each of the client's objects too (through
    // the mailbox); this makes sure whatever path ends them.
    holdings.releaseAll { key in
      if case .request(client.id, _) = key { return true }
      return false
    }
    let removed = engine.registry.removeAll(ownedBy: session.selectorOwner)
    logger.debug(
      "client \(client.id) disconnected: \(session.pendingAlerts.count) alerts dismissed, \(session.openMenus.count) menus closed, \(removed.count) selectors removed"
    )
  }

  /// Carries out one permitted request; the answer is sent now, or later
  /// for requests that wait for a person (`alert.show`, `menu.open`, `menu.show`).
  func handle(_ request: RPCRequest, from client: ClientHandle) {
    guard let session = sessions[client.id] else { return }
    do throws(RPCError) {
      guard let result = try dispatch(request, session) else { return }
      if let id = request.id { client.send(.result(id: id, result)) }
    } catch {
      if let id = request.id { client.send(.error(id: id, error)) }
    }
  }

  /// The method's result, or `nil` when it is answered later.
  private func dispatch(_ request: RPCRequest, _ session: ClientSession) throws(RPCError) -> JSONValue? {
    guard let route = Self.routes[request.method] else { throw .methodNotFound(request.method) }
    if route.answeredLater {
      // The answer is the response: without an id nobody could receive it or dismiss it.
      guard let id = request.id else {
        throw .invalidRequest("\(request.method) needs an id: its answer is the response")
      }
      guard session.pendingAlerts[id] == nil, session.openMenus[id] == nil, session.stagedMenus[id] == nil
      else {
        throw .invalidRequest("id \(id) is already used by a request still waiting for its answer")
      }
      let waiting = session.pendingAlerts.count + session.openMenus.count + session.stagedMenus.count
      guard waiting < ProtocolLimits.maximumWaitingRequests else {
        throw .limitReached(
          "this connection already has \(waiting) alerts and menus waiting for answers"
            + " (at most \(ProtocolLimits.maximumWaitingRequests))")
      }
    }
    if let plugin = route.plugin { try requirePlugin(plugin, for: request.method) }
    if MethodCatalog.pluginOnly.contains(request.method), session.client.pluginName == nil {
      throw RPCError(
        code: -32601, message: "\(request.method) is for external plugins only (docs/PLUGINS.md)")
    }
    return try route.handle(self, request, session)
  }

  var devicesJSON: JSONValue {
    let grabbed = Set(control?.grabbedDevices ?? [])
    return .array(
      devices.values.sorted { $0.id < $1.id }.map { device in
        JSONValue(device).merging(["grabbed": .bool(grabbed.contains(device.id))])
      })
  }
}
