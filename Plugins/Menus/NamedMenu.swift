import KeyMenuPluginAPI

/// A menu opened by name (`menu.show`, a hotkey's `menu = "NAME"`): one of
/// the configuration's, or one a client defined (`menu.define`).
struct NamedMenu: Sendable {
  var name: String
  /// `config`, or the owner name of the client that defined it.
  var owner: String
  /// The connection that defined it; nil for the configuration's.
  var connection: Int?
  var menu: Menu
  /// The selectors its items were given (a client's; the daemon removes the
  /// configuration's with the configuration).
  var selectors: [Selector] = []
  /// Ids of its open instances.
  var openIDs: Set<String> = []
}
