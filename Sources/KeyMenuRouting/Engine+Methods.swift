public import KeyMenuPluginAPI

extension Engine {
  /// The handler a running plugin registered for a socket method
  /// (``PluginHost/handle(_:with:)``), and that plugin's name; nil when no
  /// running plugin carries the method out.
  public func methodHandler(_ method: String) -> (plugin: String, handler: MethodHandler)? {
    methodHandlers[method].map { (plugin: $0.owner, handler: $0.handler) }
  }

  /// The performer a running plugin registered for a configuration action
  /// (``PluginHost/handleAction(_:with:)``); nil when no running plugin
  /// carries it out.
  public func actionPerformer(_ key: String) -> ActionPerformer? {
    actionPerformers[key]?.performer
  }

  /// The receiver a running plugin registered for the objects of a
  /// configuration section (``PluginHost/handleConfiguredObjects(_:with:)``);
  /// nil when no running plugin takes them.
  public func configuredObjectsReceiver(_ section: String) -> ConfiguredObjectsReceiver? {
    objectReceivers[section]?.receiver
  }
}
