import Glibc
public import KeyMenuPluginAPI

/// The Notify plugin: shows every alert as a freedesktop desktop
/// notification (`org.freedesktop.Notifications` on a session D-Bus) whose
/// actions are the alert's buttons, so the alert can be answered by clicking
/// as well as by key (reason `action`); closes the notification when the
/// alert is answered otherwise.
///
/// A presenter: it only reads the modal stack snapshots (`modal.changed`)
/// and keeps nothing but which notification shows which alert. The bus is
/// driven on the plugin's own thread; the engine's observer only hands the
/// snapshot over, and answers go back through ``PluginHost/perform(_:)``.
/// Without a reachable bus or notification server it logs once and alerts
/// work by key as ever. See `Plugins/Notify/README.md`.
public final class NotifyPlugin: Plugin {
  public let name = "notify"
  private var loop: NotifyLoop?

  /// Creates the plugin.
  nonisolated public init() {}

  public func register(with host: any PluginHost) throws {
    let latest = host.latestModal
    let loop = try NotifyLoop(
      settings: Self.settings(host.configuration), logger: host.logger, current: { latest.snapshot }
    ) { alert, button in
      host.perform {
        // False when the alert was answered meanwhile (by key, say): nothing to do.
        host.service((any AlertPresenting).self)?.answer(alert, button: button)
      }
    }
    loop.start()
    self.loop = loop
    _ = host.observe(.modalChanged, tier: .passive) { _ in
      loop.changed()
      return .pass
    }
  }

  public func stop() {
    loop?.stop()
    loop = nil
  }

  public func configurationChanged(_ configuration: PluginConfiguration) {
    loop?.update(Self.settings(configuration))
  }

  private static func settings(_ configuration: PluginConfiguration) -> NotifySettings {
    NotifySettings(
      configuration, environmentAddress: getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) })
  }
}
