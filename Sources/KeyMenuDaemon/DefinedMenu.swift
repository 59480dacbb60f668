import KeyMenuPluginAPI

/// A named menu: defined by a client (`menu.define`) or by the configuration.
struct DefinedMenu {
  var name: String
  /// The client that defined it; `nil` for the configuration's menus.
  var ownerClient: Int?
  var menu: Menu
  /// The selectors its items were given.
  var selectors: [Selector]
  /// Ids of its open instances.
  var openIDs: Set<String> = []
}

/// What the configuration in force registered with the engine.
struct ConfiguredObjects {
  var menus: [String: DefinedMenu] = [:]
  var hotkeys: [ObserverToken] = []
}
