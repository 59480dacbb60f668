import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuServer

/// What the daemon keeps for one connected client: the objects it owns and
/// what it subscribed to. Lives on the engine thread.
final class ClientSession {
  let client: ClientHandle
  /// Requests for plugins' methods that wait for a person's answer (see
  /// ``MethodDeclaration/answeredLater``), by id.
  var waitingCalls: Set<RPCID> = []
  /// Wrappers an external plugin put around selectors, by number.
  var wrappers: [Int: WrapperToken] = [:]
  /// Subscribed topics.
  var topics: Set<String> = []

  init(client: ClientHandle) { self.client = client }

  /// The owner name the engine records for this client's objects
  /// (`client:N`, or `plugin:NAME` for an external plugin).
  var owner: String { selectorOwner.rawValue }
  var selectorOwner: SelectorOwner { client.pluginName.map { .plugin($0) } ?? .client(client.id) }
  /// The client as a plugin's method handler sees it.
  var caller: MethodCaller {
    MethodCaller(connection: client.id, uid: client.credentials.uid, tier: client.tier, owner: owner)
  }
  /// Who pays for what the configured actions it invokes show.
  var payer: ActionPayer { ActionPayer(uid: client.credentials.uid, name: "client \(client.id)") }
  /// The client as a reader of the modal stack: what secrets it may see.
  var viewer: ModalViewer { ModalViewer(connection: client.id, admin: client.tier >= .admin) }
}
