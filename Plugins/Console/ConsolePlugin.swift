public import KeyMenuPluginAPI

/// The console presenter: draws the front alert or menu, centred and boxed,
/// on a terminal device (a virtual console such as `/dev/tty1`, a serial
/// line, a pty), and erases exactly what it drew when the picture changes,
/// when nothing is in front and when it stops. It never clears the screen
/// and never touches a cell it did not draw.
///
/// It observes `modal.changed` (passive) and hands each snapshot to a
/// ``ConsoleWriter`` on a thread of its own: key routing never waits on the
/// terminal. A device it cannot open is reported once, with what to do, and
/// tried again on the next change and on reload.
public final class ConsolePlugin: Plugin {
  /// The plugin's name, options and factory for the daemon.
  nonisolated public static let descriptor = PluginDescriptor(
    name: "console",
    summary: "draws the front alert or menu on a terminal device (/dev/tty1, a serial line, a pty)",
    enabledByDefault: false, options: ConsoleSettings.options
  ) { ConsolePlugin() }

  public let name = "console"
  private var writer: ConsoleWriter?

  /// Creates the plugin; it does nothing before ``register(with:)``.
  nonisolated public init() {}

  public func register(with host: any PluginHost) throws {
    let latest = host.latestModal
    let writer = try ConsoleWriter(settings: ConsoleSettings(host.configuration), logger: host.logger) {
      latest.snapshot
    }
    self.writer = writer
    writer.start()
    _ = host.observe(.modalChanged, tier: .passive) { _ in
      writer.changed()
      return .pass
    }
  }

  public func stop() {
    writer?.stop()
    writer = nil
  }

  public func configurationChanged(_ configuration: PluginConfiguration) {
    writer?.configure(ConsoleSettings(configuration))
  }
}
