public import KeyMenuPluginAPI

extension NotifyPlugin {
  /// The plugin's name, options and factory for the daemon (`[plugins.notify]`).
  nonisolated public static let descriptor = PluginDescriptor(
    name: "notify", summary: "shows alerts as desktop notifications whose buttons answer them",
    enabledByDefault: false,
    options: [
      PluginOption(
        "bus", .string,
        help:
          "D-Bus address of the session bus to show alerts on (default: keymenud's DBUS_SESSION_BUS_ADDRESS)"),
      PluginOption(
        "app_name", .string, default: .string("keymenu"), help: "application name the server shows"),
      PluginOption(
        "icon", .string, default: .string("dialog-question"), help: "icon name or file:// URI; empty for none"
      ),
      PluginOption(
        "urgency", .choice(NotifySettings.Urgency.allCases.map(\.rawValue)), default: .string("normal"),
        help: "urgency hint of the notifications"),
      PluginOption(
        "timeout_ms", .integer(-1...86_400_000), default: .integer(0),
        help: "how long a notification stays: 0 until the alert is answered, -1 the server's default"),
      PluginOption(
        "close_cancels", .bool, default: .bool(true),
        help: "closing a notification without choosing answers with the cancel button, if the alert has one"),
    ]
  ) { NotifyPlugin() }
}
