import AlertsPlugin
import ConsolePlugin
import KeyMenuPluginAPI
import MenusPlugin
import NotifyPlugin
import SpeechPlugin

/// The plugins built into keymenud, in start order: what `[plugins.NAME]`
/// sections may name and `keymenud --check` validates against.
enum BuiltinPlugins {
  /// Every built-in plugin's descriptor.
  static let catalog: [PluginDescriptor] = [
    AlertsPlugin.descriptor, MenusPlugin.descriptor, SpeechPlugin.descriptor, ConsolePlugin.descriptor,
    NotifyPlugin.descriptor,
  ]

  /// The descriptor named `name`.
  static func descriptor(named name: String) -> PluginDescriptor? {
    catalog.first { $0.name == name }
  }
}
