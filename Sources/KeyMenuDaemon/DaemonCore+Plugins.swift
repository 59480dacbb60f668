import KeyMenuConfig
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import Logging

extension DaemonCore {
  /// Makes the running built-in plugins match `settings` (at start and on
  /// every reload): disabled ones stop, newly enabled ones start, running
  /// ones whose options changed are reconfigured. A plugin whose start
  /// throws is reported and left out; nothing else stops.
  func applyPlugins(_ settings: [PluginSettings]) {
    var started = false
    defer {
      // A presenter started while something is in front draws it now, not
      // at the next change: everyone hears the current stack again.
      if started, engine.modalStack.depth > 0 {
        host?.post(.modalChanged(engine.modalStack.snapshot))
      }
    }
    for setting in settings {
      guard case .builtin = setting.kind,
        let descriptor = configSource.plugins.descriptor(named: setting.name)
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
        pluginStatuses[name] = PluginStatus(
          name: name, kind: "builtin", state: .disabled, summary: descriptor.summary)
        appliedPluginOptions[name] = nil
        continue
      }
      if isRunning {
        if appliedPluginOptions[name] != setting.options { engine.reconfigure(name, setting.options) }
      } else {
        let plugin = descriptor.make()
        if let failure = engine.start(plugin, configuration: setting.options) {
          logger.error("\(failure); the daemon and the other plugins go on")
          pluginStatuses[name] = PluginStatus(
            name: name, kind: "builtin", state: .failed, summary: descriptor.summary, error: failure.message)
          continue
        }
        started = true
      }
      appliedPluginOptions[name] = setting.options
      pluginStatuses[name] = PluginStatus(
        name: name, kind: "builtin", state: .running, summary: descriptor.summary)
    }
    applyExternalPlugins(settings)
    publishPluginStatuses()
  }

  /// Whether a built-in plugin runs, as the last ``applyPlugins(_:)`` left it
  /// (no copy of the engine's plugin list per request).
  func isRunning(_ name: String) -> Bool { pluginStatuses[name]?.state == .running }
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
