import KeyMenuPluginAPI

/// Whose menu is whose, for keys a client presses on its own menu
/// (`modal.press`): the menus opened by a connection's requests.
extension MenusPlugin {
  /// Tells the host's ``ModalOwnership`` how to find a connection's menus.
  func registerOwnership(with host: any PluginHost) {
    host.service(ModalOwnership.self)?.register(name) { [weak self] connection, target in
      self?.library.requests.object(of: connection, named: target)
    }
  }

  /// Takes that back when the plugin stops.
  func unregisterOwnership(with host: (any PluginHost)?) {
    host?.service(ModalOwnership.self)?.unregister(name)
  }
}
