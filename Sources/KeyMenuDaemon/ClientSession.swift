import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuServer

/// What the daemon keeps for one connected client: the objects it owns and
/// what it subscribed to. Lives on the engine thread.
final class ClientSession {
  let client: ClientHandle
  /// Menus opened by this client (ad hoc or `menu.show`) and still open: request id → menu id.
  var openMenus: [RPCID: String] = [:]
  /// Menus opened with `more` whose items are still arriving (`menu.append`):
  /// request id → what came so far. They count as waiting.
  var stagedMenus: [RPCID: StagedMenu] = [:]
  /// Names of the menus this client defined.
  var definedMenus: Set<String> = []
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
  /// How many requests wait for an answer.
  var waitingCount: Int { openMenus.count + stagedMenus.count + waitingCalls.count }

  /// Whether `id` names a request still waiting for its answer.
  func isWaiting(_ id: RPCID) -> Bool {
    openMenus[id] != nil || stagedMenus[id] != nil || waitingCalls.contains(id)
  }
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
