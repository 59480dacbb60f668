import AlertsPlugin
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
  /// Puts a configuration in force: device selection, hotkeys, menus, the
  /// command settings and log level. The grab policy is read on every wake.
  func apply(_ new: DaemonConfiguration) {
    configuration = new
    logger.logLevel = new.logLevel
    if new.logKeys { logger.warning("log_keys is on: key names are written to the log at debug level") }
    for warning in new.warnings { logger.warning("\(warning)") }
    let selection = new.devices
    control?.setFilter { selection.accepts($0.identity, keyboardLike: $0.classification.isKeyboardLike) }
    if let host { for token in configured.hotkeys { host.removeObserver(token) } }
    engine.registry.removeAll(ownedBy: .configuration)
    configured = ConfiguredObjects()
    var menus: [String: Menu] = [:]
    for menu in new.menus {
      menus[menu.name] = Menu(
        title: menu.title,
        sections: buildSections(menu.items, menu: menu.name, stableNames: menu.stableNames),
        filterable: menu.filter)
    }
    // The plugin that shows menus by name gets them: it closes the old
    // configuration's open menus (answered `cancelled`; their items'
    // selectors went above), so the new ones open fresh. One that starts
    // below gets them once it runs.
    let handed = namedMenus.map { $0.replaceConfiguredMenus(menus) } != nil
    applyPlugins(new.plugins)
    if !handed { namedMenus?.replaceConfiguredMenus(menus) }
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
        ConfigReloadedNotice.method, JSONValue(encoding: ConfigReloadedNotice.reloaded(sources: new.sources)),
        topics: ["config"])
      lifecycle.reloaded(status: "configuration reloaded")
    case .failure(let errors):
      for diagnostic in errors.all { logger.error("\(diagnostic)") }
      logger.error(
        "reload (\(reason)) failed: \(errors.countText); the previous configuration stays")
      status.publish { $0.lastReloadError = errors.errors.first?.description }
      hub.publish(
        ConfigReloadedNotice.method,
        JSONValue(encoding: ConfigReloadedNotice.refused(errors: errors.all.map(\.description))),
        topics: ["config"])
      lifecycle.reloaded(status: "reload failed; previous configuration kept")
    }
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

  /// Carries out a configured action (hotkey or menu item).
  func perform(_ action: ConfiguredAction, context: [String: String]) {
    switch action {
    case .openMenu(let name):
      guard let namedMenus else {
        return logger.warning("not opening menu \(name): the menus plugin is not running")
      }
      if !namedMenus.showNamedMenu(name) { logger.warning("no menu named \(name) to open") }
    case .showAlert(let alert, let buttonActions):
      guard isRunning(alerts.name) else {
        return logger.warning("not showing an alert: the alerts plugin is not running")
      }
      let mailbox = mailbox
      alerts.present(alert, owner: SelectorOwner.configuration.rawValue) { answer in
        // A button's action runs when a person chose it (a key, a click, or
        // the timeout choosing the cancel button); never when dismissed.
        guard answer.reason != .dismissed, let button = answer.button, let action = buttonActions[button]
        else {
          return
        }
        let context = context.merging(["KEYMENU_BUTTON": answer.title ?? ""]) { $1 }
        mailbox.post { core in core.perform(action, context: context) }
      }
    case .plugin(let key, let value):
      guard let performer = engine.actionPerformer(key) else {
        let plugin = configSource.plugins.descriptors.first { $0.actions.contains { $0.key == key } }
        return logger.warning(
          "not carrying out \(key): the \(plugin?.name ?? key) plugin is not running")
      }
      performer(value, context)
    case .invoke(let selector):
      do {
        try engine.registry.invoke(Selector(selector), source: "config")
      } catch {
        logger.warning("\(error.message)")
      }
    case .run(let command):
      let socket = server?.socketPath ?? configuration.socket.path
      switch commandRunner.run(command, environment: context.merging(["KEYMENU_SOCKET": socket]) { $1 }) {
      case .success(let started):
        logger.info("started \(command.argv.first ?? "") as pid \(started.pid)")
        if let connection = started.connection { attachCommand(connection, started) }
      case .failure(let failure): logger.warning("not running \(command.argv.first ?? ""): \(failure)")
      }
    }
  }

  /// Serves a started command's connection (`KEYMENU_FD`) with the drive
  /// tier: it may show alerts and menus and invoke selectors as a member of
  /// group keymenu would, for as long as it holds the descriptor.
  private func attachCommand(_ descriptor: Int32, _ started: CommandRunner.Started) {
    guard let server else { return ChildProcess.close(descriptor) }
    let credentials = PeerCredentials(pid: started.pid, uid: started.account.uid, gid: started.account.gid)
    let logger = logger
    server.attachCommand(descriptor: descriptor, credentials: credentials, tier: .drive).whenFailure {
      error in
      logger.warning("command pid \(started.pid): cannot serve its KEYMENU_FD connection: \(error)")
    }
  }

  /// Children that exited (`SIGCHLD`): external plugins go to their
  /// supervisors, commands are logged.
  func reapChildren() {
    for (pid, exit) in ChildProcess.reap() {
      if pluginExited(pid: pid, exit) { continue }
      let hint =
        exit == .status(126) ? " (could not switch to the commands user; see systemd/README.md)" : ""
      logger.info("command pid \(pid) \(exit.description)\(hint)")
    }
  }

  /// A configured level's sections: separators split them, and empty
  /// sections (a separator at either end or twice in a row) are dropped.
  private func buildSections(
    _ items: [ConfiguredItem], menu: String, stableNames: [ConfigLocation: Selector]
  ) -> [MenuSection] {
    let entries: [MenuItem?] = items.map { item in
      switch item.content {
      case .separator:
        return nil
      case .submenu(let children):
        let submenu = Menu(
          title: item.title, sections: buildSections(children, menu: menu, stableNames: stableNames))
        return .submenu(submenu, accelerator: item.key)
      case .action(let action):
        let mailbox = mailbox
        let hub = hub
        let title = item.title
        let selector = engine.registry.register(
          kind: menu, title: item.title, owner: .configuration, stableName: stableNames[item.location]
        ) { invocation in
          hub.selectorInvoked(invocation)
          let context = [
            "KEYMENU_MENU": menu, "KEYMENU_ITEM": title,
            "KEYMENU_SELECTOR": invocation.info.selector.rawValue,
            "KEYMENU_DEVICE": "",
          ]
          mailbox.post { core in core.perform(action, context: context) }
        }
        return .action(
          item.title, selector: selector.rawValue, accelerator: item.key, keepOpen: item.keepOpen)
      }
    }
    return MenuSection.split(entries)
  }

  private func registerHotkeys(_ bindings: [HotkeyBinding]) {
    guard let host, !bindings.isEmpty else { return }
    let mailbox = mailbox
    let token = host.observe(.keyDown, tier: .hotkey) { notification in
      // The release and repeats of a hotkey come back here too (the center
      // gives a consumed key's rest to its consumer): consume, do nothing.
      guard let event = notification.keyEvent else { return .pass }
      guard event.action == .down else { return .consume }
      guard let binding = bindings.first(where: { $0.chord.matches(event) })
      else { return .pass }
      let context = [
        "KEYMENU_MENU": "", "KEYMENU_ITEM": "", "KEYMENU_SELECTOR": "", "KEYMENU_DEVICE": "\(event.device)",
      ]
      mailbox.post { core in
        var context = context
        if let device = core.devices[event.device] { context["KEYMENU_DEVICE"] = device.identity.path }
        core.performHotkey(binding.action, context: context)
      }
      return .consume
    }
    configured.hotkeys = [token]
  }

  /// A hotkey's action. A hotkey whose menu is already in front closes it
  /// (a toggle, as which-key menus behave) instead of stacking a copy.
  func performHotkey(_ action: ConfiguredAction, context: [String: String]) {
    if case .openMenu(let name) = action, let front = engine.modalStack.frontID,
      namedMenus?.closeNamedMenu(name, ifShowing: front) == true
    {
      return
    }
    perform(action, context: context)
  }

  /// The service that shows menus by name (the menus plugin's), while it runs.
  var namedMenus: (any NamedMenus)? { host?.service((any NamedMenus).self) }
}
