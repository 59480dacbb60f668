import AlertsPlugin
import CountdownPlugin
import GaugePlugin
import InfoBoxPlugin
public import KeyMenuPluginAPI
import ListsPlugin
import MenusPlugin
import PromptPlugin
import TextBoxPlugin

/// The modal kinds keymenu is built with: the plugins that put a question in
/// front of a person and bring socket methods for it. keymenud runs them
/// with the presenters (`BuiltinPlugins`); `keymenuctl simulate` runs them
/// alone, so its scenarios reach every kind without linking a presenter.
public enum ModalKinds {
  /// Every kind, in start order.
  public static let catalog = PluginCatalog([
    AlertsPlugin.descriptor, MenusPlugin.descriptor, CountdownPlugin.descriptor, PromptPlugin.descriptor,
    GaugePlugin.descriptor, TextBoxPlugin.descriptor, InfoBoxPlugin.descriptor,
    ListsPlugin.descriptor,
  ])
}
