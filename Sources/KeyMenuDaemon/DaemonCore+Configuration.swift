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
    commands.apply(new.commands)
    let selection = new.devices
    control?.setFilter { selection.accepts($0.identity, keyboardLike: $0.classification.isKeyboardLike) }
    if let host { for token in configured.hotkeys { host.removeObserver(token) } }
    engine.registry.removeAll(ownedBy: .configuration)
    configured = ConfiguredObjects()
    // What the configuration defines for plugins (built now, its selectors
    // registered) goes to the plugin that takes each section, in place of
    // the old configuration's, whose open instances end (their selectors
    // went above). A plugin that starts below gets its section once it runs.
    let objects = new.pluginObjects(binding: bindAction)
    let handed = handOver(objects)
    // A presenter started while something is in front draws it now, not at
    // the next change: everyone hears the current stack again.
    if plugins.apply(new.plugins), engine.modalStack.depth > 0 {
      host?.post(.modalChanged(engine.modalStack.snapshot))
    }
    handOver(objects.filter { !handed.contains($0.key) })
    registerHotkeys(new.hotkeys)
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

  /// The selector a configured object's action (an item's) is attached to:
  /// invoking it carries the action out.
  private func bindAction(
    _ action: ConfiguredAction, kind: String, title: String, stableName: Selector?
  ) -> Selector {
    let address = address
    let hub = hub
    let registry = engine.registry
    let (commands, logger) = (commands, logger)
    let raised = raised
    return registry.register(kind: kind, title: title, owner: .configuration, stableName: stableName) {
      [weak registry] invocation in
      // A command is counted from its invoke, charged to whoever invoked it:
      // past its bound the invoke is refused (-32007 to a client).
      let slot = try commands.reserve(for: action, logger: logger)
      hub.selectorInvoked(invocation)
      let context = ActionContext.item(of: kind, title: title, selector: invocation.info.selector.rawValue)
      // The action runs after this invoke returned: it carries the chain on,
      // so that an item that invokes itself (or a cycle of them) is refused,
      // and the payer: what it shows is counted against whoever invoked.
      let chain = registry?.runningChain ?? .empty
      let payer = raised.payer
      address.post { core in core.perform(action, context: context, chain: chain, slot: slot, payer: payer) }
    }
  }

  /// Carries out a configured action (a hotkey's, an item's or a button's):
  /// `invoke` and `run` here, any other by the plugin that handles its key.
  /// `chain`: the item selectors whose invokes led here (an item's action
  /// runs after its selector's invoke returned), empty for a person's key.
  /// `slot`: what the action's invoke reserved for it (``CommandBook``).
  /// `payer`: who what it shows is counted against (``RaisedBook``); the
  /// configuration when nil (a person's key).
  func perform(
    _ action: ConfiguredAction, context: [String: String], byHotkey: Bool = false,
    chain: InvokeChain = .empty, slot: CommandBook.Slot? = nil, payer: ActionPayer? = nil
  ) {
    let payer = payer ?? raised.configuration
    switch action {
    case .invoke(let selector):
      do {
        try commands.charging(slot?.charge ?? .person) { () throws(SelectorError) in
          try raised.paying(payer) { () throws(SelectorError) in
            try engine.registry.invoke(Selector(selector), source: "config", after: chain)
          }
        }
      } catch  where error.code == .invokeCycle {
        // Logged where it was refused.
      } catch {
        // A command refused is logged by the book, once per burst.
        if commands.takeRefusal() == nil { logger.warning("\(error.message)") }
      }
    case .run(let command):
      runCommand(command, context: context, slot: slot)
    default:
      if let form = action.pluginForm {
        performByPlugin(form, context: context, byHotkey: byHotkey, chain: chain, payer: payer)
      }
    }
  }

  /// Hands an action to the plugin that carries out its key, what it shows
  /// counted against `payer`; a follow-up the plugin asks for (a chosen
  /// button's action) comes back here: chosen by a person, it starts
  /// afresh, paid for by the configuration; chosen by nobody (a timeout),
  /// it goes on in `chain` with the same payer, so that a cycle through
  /// timeouts is refused as an invoke cycle is.
  private func performByPlugin(
    _ form: ConfiguredAction.PluginForm, context: [String: String], byHotkey: Bool, chain: InvokeChain,
    payer: ActionPayer
  ) {
    guard let performer = engine.actionPerformer(form.key) else {
      let plugin = configSource.plugins.descriptors.first { $0.actions.contains { $0.key == form.key } }
      return logger.warning(
        "not carrying out \(form.key): the \(plugin?.name ?? form.key) plugin is not running")
    }
    let address = address
    let followUps = form.followUps
    let raised = raised
    let logger = logger
    let call = ActionCall(
      value: form.value, context: context, byHotkey: byHotkey, followUps: Set(followUps.keys),
      hold: { bytes in raised.hold(form.key, for: payer, bytes: bytes, logger: logger) }
    ) { index, context, chooser in
      guard let action = followUps[index] else { return }
      address.post { core in
        switch chooser {
        case .person: core.perform(action, context: context)
        case .nobody: core.perform(action, context: context, chain: chain, payer: payer)
        }
      }
    }
    performer(call)
  }

  /// Children that exited (`SIGCHLD`): external plugins go to their
  /// supervisors, commands are logged.
  func reapChildren() {
    for (pid, exit) in ChildProcess.reap() {
      if plugins.pluginExited(pid: pid, exit) { continue }
      commandExited(pid: pid)
      let hint =
        exit == .status(126) ? " (could not switch to the commands user; see systemd/README.md)" : ""
      logger.info("command pid \(pid) \(exit.description)\(hint)")
    }
  }

  private func registerHotkeys(_ bindings: [HotkeyBinding]) {
    guard let host, !bindings.isEmpty else { return }
    let address = address
    let token = host.observe(.keyDown, tier: .hotkey) { notification in
      // The release and repeats of a hotkey come back here too (the center
      // gives a consumed key's rest to its consumer): consume, do nothing.
      guard let event = notification.keyEvent else { return .pass }
      guard event.action == .down else { return .consume }
      guard let binding = bindings.first(where: { $0.chord.matches(event) })
      else { return .pass }
      let context = ActionContext.hotkey(device: "\(event.device)")
      address.post { core in
        var context = context
        if let device = core.devices[event.device] { context["KEYMENU_DEVICE"] = device.identity.path }
        core.perform(binding.action, context: context, byHotkey: true)
      }
      return .consume
    }
    configured.hotkeys = [token]
  }
}
