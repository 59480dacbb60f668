public import KeyMenuPluginAPI

/// What a hotkey or a menu item does.
public enum ConfiguredAction: Hashable, Sendable {
  /// `menu = "name"`: open a menu, from the configuration or defined by a client.
  case openMenu(String)
  /// `alert = { title = ..., ... }`: show an alert; a button given as a
  /// table (`{ title = "Reboot", run = [...] }`) carries the action its
  /// answer runs, by button index.
  case showAlert(Alert, buttonActions: [Int: ConfiguredAction] = [:])
  /// `invoke = "selector"`: invoke a selector a plugin or client registered.
  case invoke(String)
  /// `run = [...]` or `run = "..."` with `shell = true`: run a command
  /// (only when `[commands] enabled = true`).
  case run(ConfiguredCommand)
  /// `KEY = value` for a key a plugin declares (``ActionDeclaration``):
  /// carried out by that plugin, with the value as written.
  case plugin(key: String, value: PluginConfiguration.Value)
}
