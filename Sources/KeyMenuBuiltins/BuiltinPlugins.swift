import ConsolePlugin
import KeyMenuKinds
public import KeyMenuPluginAPI
import NotifyPlugin
import SpeechPlugin

/// The plugins built into keymenud, in start order: the modal kinds
/// (``ModalKinds``), then the presenters. It is what `[plugins.NAME]`
/// sections may name and `keymenud --check` validates against. keymenud
/// hands this catalog to the daemon; a new plugin is added here (a kind, in
/// ``ModalKinds``), not in KeyMenuDaemon.
public enum BuiltinPlugins {
  /// Every built-in plugin, and the socket methods and actions they declare.
  public static let catalog = PluginCatalog(
    ModalKinds.catalog.descriptors + [
      SpeechPlugin.descriptor, ConsolePlugin.descriptor, NotifyPlugin.descriptor,
    ])
}
