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
  /// Menus opened with `more` whose items are still arriving (`menu.append`):
  /// request id → what came so far. They count as waiting.
  var stagedMenus: [RPCID: StagedMenu] = [:]
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

/// A `menu.open` with `more`: its title and the items received so far,
/// built as they came (their selectors registered).
struct StagedMenu {
  var title: String
  var filter: Bool
  /// Top-level entries, separators as nil.
  var entries: [MenuItem?]
  var selectors: [Selector]
  /// Items at every level so far.
  var count: Int
  /// Bytes of text held (the ledger's holding for the request).
  var bytes: Int
}
