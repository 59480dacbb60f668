/// What a client may do, decided from its peer credentials.
///
/// Ordered: each tier may do everything the ones below it may.
public enum Tier: String, Hashable, Sendable, Codable, Comparable, CaseIterable {
  /// State and semantic events only.
  case observe
  /// Show alerts, open menus, invoke selectors, own objects.
  case drive
  /// Reload, other clients' objects, the raw key stream.
  case admin

  public static func < (lhs: Tier, rhs: Tier) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// The methods of the protocol and the tier each needs (docs/PROTOCOL.md).
public enum MethodCatalog {
  /// Every method the daemon itself carries out, with the lowest tier
  /// allowed to call it (``DaemonMethod``); the modal kinds' (`alert.*`,
  /// `menu.*`, ...) are their plugins' (`MethodDeclaration`, in KeyMenuPluginAPI).
  public static let methods: [String: Tier] = Dictionary(
    uniqueKeysWithValues: DaemonMethod.allCases.map { ($0.rawValue, $0.tier) })

  /// Methods only external plugins may call (docs/PLUGINS.md); a socket
  /// client gets `-32601` for them and does not see them in `hello`.
  public static let pluginOnly: Set<String> = Set(
    DaemonMethod.allCases.filter(\.isPluginOnly).map(\.rawValue))

  /// Whether a tier may call a method; an unknown method is `-32601`, a
  /// method above the tier is `-32001` naming the tier it needs.
  /// `table` is every method served (``methods`` and those plugins declare).
  public static func check(_ method: String, tier: Tier, in table: [String: Tier] = methods) throws(RPCError)
  {
    guard let needed = table[method] else { throw .methodNotFound(method) }
    guard tier >= needed else {
      throw .forbidden(method, tier: tier.rawValue, needs: needed.rawValue)
    }
  }

  /// The daemon's own topics of `events.subscribe`, and the tier each
  /// needs: raw key events go to admins only (and their use is logged);
  /// `state` is `state.changed` alone, for presenters that draw the stack
  /// and need none of the kinds' own notifications. The modal kinds' topics
  /// (`alert`, `menu`, `dialog`) come from their plugins' notification
  /// declarations (`PluginCatalog.topics`).
  public static let topics: [String: Tier] = [
    "state": .observe, "selector": .observe, "device": .observe, "config": .observe, "tv": .observe,
    "keys": .admin,
  ]

  /// The topic whose subscribers get `state.changed` and nothing else.
  public static let stateTopic = "state"
}

/// A method the daemon itself carries out, declared once: its name, the
/// tier it needs and whether only external plugins may call it. The
/// daemon's route for each is an exhaustive switch over these cases, so a
/// method without a handler does not compile.
public enum DaemonMethod: String, CaseIterable, Sendable {
  case hello
  case stateGet = "state.get"
  case selectorList = "selector.list"
  case devicesList = "devices.list"
  case daemonStatus = "daemon.status"
  case eventsSubscribe = "events.subscribe"
  case selectorInvoke = "selector.invoke"
  case modalPress = "modal.press"
  case modalTap = "modal.tap"
  case selectorWrap = "selector.wrap"
  case selectorUnwrap = "selector.unwrap"
  case selectorOriginal = "selector.original"
  case configReload = "config.reload"

  /// The lowest tier allowed to call it.
  public var tier: Tier {
    switch self {
    case .hello, .stateGet, .selectorList, .devicesList, .daemonStatus, .eventsSubscribe: .observe
    case .selectorInvoke, .modalPress, .modalTap, .selectorWrap, .selectorUnwrap, .selectorOriginal: .drive
    case .configReload: .admin
    }
  }

  /// Whether only external plugins may call it (docs/PLUGINS.md).
  public var isPluginOnly: Bool {
    switch self {
    case .selectorWrap, .selectorUnwrap, .selectorOriginal: true
    default: false
    }
  }
}
