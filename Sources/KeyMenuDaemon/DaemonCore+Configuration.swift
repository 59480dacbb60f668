import Glibc
import KeyMenuConfig
import KeyMenuCore
import KeyMenuEvdev
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuServer
import Logging
import NIOCore

extension DaemonCore {
  /// Puts a configuration in force: keyboard layouts, device selection,
  /// hotkeys, the objects it defines for plugins, the command settings and
  /// log level. The grab
  /// policy is read on every wake.
  func apply(_ new: DaemonConfiguration) {
    configuration = new
    logger.logLevel = new.logLevel
    plugins.logger.logLevel = new.logLevel
    if new.logKeys { logger.warning("log_keys is on: key names are written to the log at debug level") }
    for warning in new.warnings { logger.warning("\(warning)") }
    applyKeyboardLayouts(new.keyboard)
    actions.logger.logLevel = new.logLevel
    requests.logger.logLevel = new.logLevel
    let selection = new.devices
    // A remote with a scancode table is read even when the kernel gives it no answer keys.
    control?.setFilter {
      selection.accepts(
        $0.identity,
        keyboardLike: $0.classification.isKeyboardLike || new.remoteScancodes(for: $0.identity) != nil)
    }
    control?.setGamepadMapping(new.gamepad)
    control?.setRemoteScancodes { new.remoteScancodes(for: $0.identity) }
    cecLink.apply(new.cec, control: control, logger: logger)
    // What the configuration defines for plugins (built now, its selectors
    // registered) goes to the plugin that takes each section, in place of
    // the old configuration's, whose open instances end (their selectors
    // went with its actions). A plugin that starts below gets its section
    // once it runs.
    let objects = actions.apply(new)
    let handed = handOver(objects)
    // A presenter started while something is in front draws it now, not at
    // the next change: everyone hears the current stack again.
    if plugins.apply(new.plugins), engine.modalStack.depth > 0 {
      host?.post(.modalChanged(engine.modalStack.snapshot))
    }
    handOver(objects.filter { !handed.contains($0.key) })
    actions.registerHotkeys(new.hotkeys, timing: new.gestureTiming, sequenceTiming: new.sequenceTiming)
    publishConfiguration()
    onConfigurationApplied(new)
  }

  /// Reloads from the same files; on any error the configuration in force
  /// stays and the errors are returned (and logged).
  func reload(reason: String) -> Result<DaemonConfiguration, ConfigErrors> {
    lifecycle.reloading()
    let result = configSource.load()
    switch result {
    case .success(let new):
      apply(new)
      status.publish {
        $0.reloads += 1; $0.lastReloadError = nil
      }
      logger.info("configuration reloaded (\(reason)) from \(new.sources.joined(separator: ", "))")
      hub.publish(
        ConfigReloadedNotice.method, ConfigReloadedNotice.reloaded(sources: new.sources), topics: ["config"])
      lifecycle.reloaded(status: "configuration reloaded")
    case .failure(let errors):
      // Each at its own level: a warning in the refused file stays a warning.
      for diagnostic in errors.all {
        if diagnostic.severity == .warning {
          logger.warning("\(diagnostic)")
        } else {
          logger.error("\(diagnostic)")
        }
      }
      logger.error(
        "reload (\(reason)) failed: \(errors.countText); the previous configuration stays")
      status.publish { $0.lastReloadError = errors.errors.first?.description }
      hub.publish(
        ConfigReloadedNotice.method, ConfigReloadedNotice.refused(errors: errors.all.map(\.description)),
        topics: ["config"])
      lifecycle.reloaded(status: "reload failed; previous configuration kept")
    }
    reloadEnded()
    return result
  }

  /// `config.reload` (admin).
  func reloadRequested(by session: ClientSession) throws(RPCError) -> JSONValue {
    switch reload(reason: "config.reload from client \(session.client.id)") {
    case .success(let new):
      return JSONValue(
        encoding: ConfigReloadResult(sources: new.sources, warnings: new.warnings.map(\.description)))
    case .failure(let errors):
      throw RPCError(
        code: RPCError.configInvalidCode,
        message: "configuration has \(errors.countText); the previous one stays in force",
        data: JSONValue(encoding: ConfigErrorsData(errors: errors.all.map(\.description))))
    }
  }

  /// Hands each section's objects to the running plugin that takes them;
  /// returns the sections handed.
  @discardableResult
  private func handOver(_ objects: [String: any Sendable]) -> Set<String> {
    var handed: Set<String> = []
    for (section, value) in objects {
      guard let receiver = engine.configuredObjectsReceiver(section) else { continue }
      receiver(value)
      handed.insert(section)
    }
    return handed
  }

  /// Children that exited (`SIGCHLD`): external plugins go to their
  /// supervisors, commands are logged.
  func reapChildren() {
    for (pid, exit) in ChildProcess.reap() {
      if plugins.pluginExited(pid: pid, exit) { continue }
      actions.commandExited(pid: pid)
      let hint =
        exit == .status(126) ? " (could not switch to the commands user; see systemd/README.md)" : ""
      logger.info("command pid \(pid) \(exit.description)\(hint)")
    }
  }

}
