import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuServer

/// What the daemon keeps for one connected client: the objects it owns and
/// what it subscribed to. Lives on the engine thread.
final class ClientSession {
  let client: ClientHandle
  /// Alerts shown by this client and not answered yet: request id → alert id.
  var pendingAlerts: [RPCID: String] = [:]
  /// Menus opened by this client (ad hoc or `menu.show`) and still open: request id → menu id.
  var openMenus: [RPCID: String] = [:]
  /// Names of the menus this client defined.
  var definedMenus: Set<String> = []
  /// Wrappers an external plugin put around selectors, by number.
  var wrappers: [Int: WrapperToken] = [:]
  /// Subscribed topics.
  var topics: Set<String> = []

  init(client: ClientHandle) { self.client = client }

  /// The owner name the engine records for this client's objects
  /// (`client:N`, or `plugin:NAME` for an external plugin).
  var owner: String { selectorOwner.rawValue }
  var selectorOwner: SelectorOwner { client.pluginName.map { .plugin($0) } ?? .client(client.id) }
}
