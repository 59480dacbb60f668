import KeyMenuPluginAPI

/// The Notify plugin's options, read from its `[plugins.notify]` section.
struct NotifySettings: Hashable, Sendable {
  /// How urgent notifications are (the `urgency` hint).
  enum Urgency: String, CaseIterable, Hashable, Sendable {
    case low, normal, critical

    /// The hint's byte value.
    var level: UInt8 {
      switch self {
      case .low: 0
      case .normal: 1
      case .critical: 2
      }
    }
  }

  /// The bus address, or nil when neither the option nor the environment
  /// gives one.
  var address: String?
  /// The application name the server shows.
  var appName: String
  /// An icon name or `file://` URI; empty for none.
  var icon: String
  /// The urgency hint.
  var urgency: Urgency
  /// Milliseconds a notification stays: 0 until answered, -1 the server's default.
  var timeoutMilliseconds: Int32
  /// Whether closing a notification without choosing picks the cancel button.
  var closeCancels: Bool

  /// Reads `configuration` (missing options take their defaults);
  /// `environmentAddress` is keymenud's `DBUS_SESSION_BUS_ADDRESS`.
  init(_ configuration: PluginConfiguration, environmentAddress: String?) {
    let configured = NotifyPlugin.descriptor.withDefaults(configuration)
    let address = configured.string("bus").flatMap { $0.isEmpty ? nil : $0 }
    self.address = address ?? environmentAddress.flatMap { $0.isEmpty ? nil : $0 }
    appName = configured.string("app_name") ?? "keymenu"
    icon = configured.string("icon") ?? ""
    urgency = configured.string("urgency").flatMap(Urgency.init(rawValue:)) ?? .normal
    let timeout = configured.integer("timeout_ms") ?? 0
    timeoutMilliseconds = Int32(clamping: max(timeout, -1))
    closeCancels = configured.bool("close_cancels") ?? true
  }
}
