import KeyMenuConfig
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuServer
import Logging

/// The daemon's plugins: starts, stops and reconfigures the built-in ones as
/// each configuration says, supervises the external ones (carrying out
/// ``PluginSupervisor``'s effects: spawning, signals, pings, restarts), and
/// publishes every plugin's status for `daemon.status`. It lives on the
/// engine thread, as the core that owns it.
@EngineActor
final class PluginManager {
  let engine: Engine
  /// The built-in plugins the daemon may run.
  let catalog: PluginCatalog
  let status: StatusBoard
  /// Where external plugins' pipes are served (nil in tests without a server).
  let server: SocketServer?
  var logger: Logger
  /// The daemon's own plugin host, once its plugin registered: the
  /// supervisors' timers run on its clock.
  let hostBox: HostBox
  /// What `daemon.status` says about each plugin, by name.
  private(set) var statuses: [String: PluginStatus] = [:]
  /// The configured external plugins, by name.
  var externalPlugins: [String: ExternalPluginRun] = [:]
  /// Runs no longer configured whose processes were not reaped yet.
  var retiredPlugins: [ObjectIdentifier: ExternalPluginRun] = [:]
  /// The options each running built-in plugin was last given.
  private var appliedOptions: [String: PluginConfiguration] = [:]

  init(
    engine: Engine, catalog: PluginCatalog, status: StatusBoard, server: SocketServer?, logger: Logger,
    hostBox: HostBox
  ) {
    self.engine = engine
    self.catalog = catalog
    self.status = status
    self.server = server
    self.logger = logger
    self.hostBox = hostBox
  }

  /// Runs `job` with the manager on the engine thread after what it does
  /// now; callable from any thread (the server's callbacks).
  nonisolated func post(_ job: @escaping @Sendable @EngineActor (PluginManager) -> Void) {
    engine.perform { [weak self] in
      if let self { job(self) }
    }
  }

  /// Runs `job` with the manager after `delay` on the engine's clock.
  func schedule(_ delay: Duration, _ job: @escaping @Sendable @EngineActor (PluginManager) -> Void) {
    _ = hostBox.host?.schedule(after: delay) { [weak self] in
      if let self { job(self) }
    }
  }

  /// Makes the running plugins match `settings` (at start and on every
  /// reload): disabled built-in ones stop, newly enabled ones start, running
  /// ones whose options changed are reconfigured, external ones start, stop
  /// or restart (PluginManager+External). A plugin whose start throws is
  /// reported and left out; nothing else stops. Returns whether a built-in
  /// plugin started.
  @discardableResult
  func apply(_ settings: [PluginSettings]) -> Bool {
    var started = false
    for setting in settings {
      guard case .builtin = setting.kind,
        let descriptor = catalog.descriptor(named: setting.name)
      else {
        continue
      }
      let name = setting.name
      let isRunning = engine.pluginNames.contains(name)
      if !setting.enabled {
        if isRunning {
          engine.stop(name)
          logger.info("plugin \(name) stopped: disabled in the configuration")
        }
        statuses[name] = PluginStatus(
          name: name, kind: "builtin", state: .disabled, summary: descriptor.summary)
        appliedOptions[name] = nil
        continue
      }
      if isRunning {
        if appliedOptions[name] != setting.options { engine.reconfigure(name, setting.options) }
      } else {
        let plugin = descriptor.make()
        if let failure = engine.start(plugin, configuration: setting.options) {
          logger.error("\(failure); the daemon and the other plugins go on")
          statuses[name] = PluginStatus(
            name: name, kind: "builtin", state: .failed, summary: descriptor.summary, error: failure.message)
          continue
        }
        started = true
      }
      appliedOptions[name] = setting.options
      statuses[name] = PluginStatus(
        name: name, kind: "builtin", state: .running, summary: descriptor.summary)
    }
    applyExternalPlugins(settings)
    publishStatuses()
    return started
  }

  /// Whether a built-in plugin runs, as the last ``applyPlugins(_:)`` left it
  /// (no copy of the engine's plugin list per request).
  func isRunning(_ name: String) -> Bool { statuses[name]?.state == .running }

  /// Records what `daemon.status` says about `run`, if it is still the
  /// configured run of its name.
  func recordStatus(of run: ExternalPluginRun) {
    if externalPlugins[run.name] === run { statuses[run.name] = run.status }
  }

  /// Forgets the status of a plugin no longer configured.
  func forgetStatus(of name: String) { statuses[name] = nil }
}

extension RPCError {
  /// `-32601` for a method whose plugin does not run, naming the plugin and
  /// its configuration section.
  static func pluginNotRunning(_ plugin: String, for method: String) -> RPCError {
    RPCError(
      code: -32601,
      message:
        "\(method) is not available: the \(plugin) plugin is not running ([plugins.\(plugin)] in the configuration)"
    )
  }
}
