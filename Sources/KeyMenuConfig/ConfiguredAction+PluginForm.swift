import KeyMenuCore
public import KeyMenuPluginAPI

extension ConfiguredAction {
  /// An action as the plugin that carries it out gets it: the key it
  /// handles (``PluginHost/handleAction(_:with:)``), the value, and the
  /// actions attached to parts of it by index (an alert's buttons).
  public struct PluginForm: Hashable, Sendable {
    /// The action's key: `menu`, `alert`, or a plugin's own.
    public var key: String
    /// The value the plugin reads (``ActionCall/value``).
    public var value: PluginConfiguration.Value
    /// The follow-up actions, by index.
    public var followUps: [Int: ConfiguredAction]
  }

  /// How a plugin gets this action; nil for `invoke` and `run`, which the
  /// daemon carries out itself. The configuration's own `menu` and `alert`
  /// keys are read here, every position kept, and handed over normalised:
  /// `menu` as the name, `alert` as `alert.show`'s params (buttons by
  /// title, `cancel` and `default` by index, `timeout_ms`).
  public var pluginForm: PluginForm? {
    switch self {
    case .openMenu(let name): PluginForm(key: "menu", value: .string(name), followUps: [:])
    case .showAlert(let alert, let actions):
      PluginForm(key: "alert", value: Self.showParams(alert), followUps: actions)
    case .plugin(let key, let value): PluginForm(key: key, value: value, followUps: [:])
    case .invoke, .run: nil
    }
  }

  private static func showParams(_ alert: Alert) -> PluginConfiguration.Value {
    var table: [String: PluginConfiguration.Value] = [
      "title": .string(alert.title), "buttons": .array(alert.buttons.map { .string($0) }),
      "default": .integer(alert.defaultButton),
    ]
    if let message = alert.message { table["message"] = .string(message) }
    if let cancel = alert.cancel { table["cancel"] = .integer(cancel) }
    if let timeout = alert.timeout {
      table["timeout_ms"] = .integer(Int(timeout.wholeMilliseconds))
    }
    return .table(table)
  }
}
