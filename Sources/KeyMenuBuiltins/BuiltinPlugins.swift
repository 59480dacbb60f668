import AlertsPlugin
import ConsolePlugin
import CountdownPlugin
public import KeyMenuPluginAPI
import MenusPlugin
import NotifyPlugin
import SpeechPlugin

/// The plugins built into keymenud, in start order: what `[plugins.NAME]`
/// sections may name and `keymenud --check` validates against. keymenud
/// hands this catalog to the daemon; a new plugin is added here, not in
/// KeyMenuDaemon.
public enum BuiltinPlugins {
  /// Every built-in plugin, and the socket methods they declare.
  public static let catalog = PluginCatalog([
    AlertsPlugin.descriptor, MenusPlugin.descriptor, SpeechPlugin.descriptor, ConsolePlugin.descriptor,
    NotifyPlugin.descriptor, CountdownPlugin.descriptor,
  ])
}
