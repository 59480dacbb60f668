import KeyMenuProtocol
import KeyMenuServer

/// Connects the socket server to the engine thread: requests become jobs in
/// the address, carried out on the event loop at once when the engine
/// thread waits (``CoreAddress/postHere(_:)``; `config.reload` always
/// waits for the engine thread), except `hello` and
/// `daemon.status`, which are answered on the event loop from the
/// published status.
struct DaemonServerDelegate: SocketServerDelegate {
  let address: CoreAddress
  let status: StatusBoard
  /// Every method served and the tier it needs (``PluginCatalog/methodTiers``).
  let methodTiers: [String: Tier]

  func clientConnected(_ client: ClientHandle) {
    address.post { core in core.requests.clientConnected(client) }
  }

  func client(_ client: ClientHandle, requested request: RPCRequest, ticket: RequestIntake.Ticket) {
    switch request.method {
    case "hello":
      if let id = request.id {
        client.send(line: status.helloLine(id: id, tier: client.tier, plugin: client.pluginName != nil))
      }
      client.intake.carriedOut(ticket)
    case "daemon.status":
      if let id = request.id { client.send(line: status.statusLine(id: id)) }
      client.intake.carriedOut(ticket)
    default:
      let job: CoreAddress.Job = { core in
        core.requests.handle(request, from: client)
        client.intake.carriedOut(ticket)
      }
      // A reload reads files and may stop plugins, which waits for their
      // threads: handed to the engine thread, never done on the event loop.
      if request.method == DaemonMethod.configReload.rawValue {
        address.post(job)
      } else {
        address.postHere(job)
      }
    }
  }

  func clientDisconnected(_ client: ClientHandle) {
    address.post { core in core.requests.clientDisconnected(client) }
  }

  func connectionClosed(_ client: ClientHandle) {
    address.post { core in core.connectionClosed() }
  }

  func backlogDrained(_ client: ClientHandle) {
    address.post { core in core.connectionClosed() }
  }
}
