import Glibc
import KeyMenuConfig
import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuServer
import Logging

/// What the configuration's actions do: the selectors of its items, its
/// hotkeys, and carrying out an action (`invoke`, `run`, or the key of the
/// plugin that handles it), with what each costs counted against whoever
/// set it off (``CommandBook`` for commands, ``RaisedBook`` for what
/// actions show). Owned by the ``DaemonCore``, on the engine thread.
///
/// An action set off by an invoke or a key runs after what the engine does
/// now (``later(_:)``), so that it never runs inside the delivery of the
/// key or the invoke that set it off.
@EngineActor
final class ActionRunner {
  let engine: Engine
  let hub: EventHub
  /// The daemon's own plugin host, once its plugin registered.
  let hostBox: HostBox
  /// Where commands' `KEYMENU_FD` connections are served (nil in tests without a server).
  let server: SocketServer?
  /// The plugins the daemon may run: who handles an action key.
  let catalog: PluginCatalog
  var logger: Logger
  /// The commands that run: their slots per uid and in all, connections, timers.
  let commands = CommandBook()
  /// What configured actions show, counted against who set them off.
  let raised: RaisedBook
  /// The `[commands]` settings in force.
  var settings = CommandSettings()
  /// The socket a command is told of (`KEYMENU_SOCKET`) when no server serves one.
  var configuredSocketPath = ""
  /// The path of an open device, for a hotkey's `KEYMENU_DEVICE`.
  var devicePath: @EngineActor (DeviceID) -> String? = { _ in nil }
  /// The open device of an id, for hotkeys limited to some devices.
  var deviceInfo: @EngineActor (DeviceID) -> DeviceInfo? = { _ in nil }
  /// The configuration's hotkey observer.
  private var hotkeys: HotkeyRouter?
  /// Back held closes every modal of the front one's owner.
  private var heldBack: HeldBackCloser?

  init(
    engine: Engine, hub: EventHub, hostBox: HostBox, server: SocketServer?, catalog: PluginCatalog,
    holdingBook: HoldingBook, logger: Logger
  ) {
    self.engine = engine
    self.hub = hub
    self.hostBox = hostBox
    self.server = server
    self.catalog = catalog
    self.logger = logger
    raised = RaisedBook(book: holdingBook, configurationUID: getuid())
  }

  var commandRunner: CommandRunner { CommandRunner(settings: settings) }

  /// Runs `job` with the runner after what the engine does now (a plugin's
  /// ``PluginHost/perform(_:)``, the engine's one queue).
  nonisolated func later(_ job: @escaping @Sendable @EngineActor (ActionRunner) -> Void) {
    engine.perform { [weak self] in
      if let self { job(self) }
    }
  }

  /// Puts a configuration's actions in force in place of the last one's:
  /// its command settings, and the objects it defines for plugins, built
  /// now with their items' selectors (the last one's go, its hotkeys too;
  /// the new hotkeys come with ``registerHotkeys(_:timing:)``).
  func apply(_ configuration: DaemonConfiguration) -> [String: any Sendable] {
    settings = configuration.commands
    configuredSocketPath = configuration.socket.path
    commands.apply(configuration.commands)
    hotkeys?.stop()
    hotkeys = nil
    heldBack?.stop()
    heldBack = nil
    engine.registry.removeAll(ownedBy: .configuration)
    return configuration.pluginObjects(binding: bindAction)
  }

  /// The selector a configured object's action (an item's) is attached to:
  /// invoking it carries the action out.
  private func bindAction(
    _ action: ConfiguredAction, kind: String, title: String, stableName: Selector?
  ) -> Selector {
    let hub = hub
    let registry = engine.registry
    let (commands, logger) = (commands, logger)
    let raised = raised
    return registry.register(kind: kind, title: title, owner: .configuration, stableName: stableName) {
      [weak registry, weak self] invocation in
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
      self?.later { runner in runner.perform(action, context: context, chain: chain, slot: slot, payer: payer)
      }
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
      let plugin = catalog.descriptors.first { $0.actions.contains { $0.key == form.key } }
      return logger.warning(
        "not carrying out \(form.key): the \(plugin?.name ?? form.key) plugin is not running")
    }
    let followUps = form.followUps
    let raised = raised
    let logger = logger
    let call = ActionCall(
      value: form.value, context: context, byHotkey: byHotkey, followUps: Set(followUps.keys),
      hold: { bytes in raised.hold(form.key, for: payer, bytes: bytes, logger: logger) }
    ) { [weak self] index, context, chooser in
      guard let action = followUps[index] else { return }
      self?.later { runner in
        switch chooser {
        case .person: runner.perform(action, context: context)
        case .nobody: runner.perform(action, context: context, chain: chain, payer: payer)
        }
      }
    }
    performer(call)
  }

  /// Registers the configuration's hotkeys, with their gestures and
  /// sequences (one ``HotkeyRouter`` for them all), and Back held
  /// (``HeldBackCloser``, after the long-press time).
  func registerHotkeys(
    _ bindings: [HotkeyBinding], timing: KeyGestureMachine.Timing,
    sequenceTiming: KeySequenceMachine<KeyChord>.Timing = .init()
  ) {
    guard let host = hostBox.host else { return }
    heldBack = HeldBackCloser(host: host, threshold: timing.long)
    guard !bindings.isEmpty else { return }
    let logger = host.logger
    hotkeys = HotkeyRouter(
      host: host,
      bindings: bindings.map { binding in
        HotkeyRouter.Binding(
          chord: binding.chord, following: binding.following, keyNames: binding.keyNames,
          label: binding.label,
          gesture: binding.gesture, devices: devices(binding.devices)
        ) { [weak self] event in
          let context = ActionContext.hotkey(device: "\(event.device)")
          self?.later { runner in
            var context = context
            if let path = runner.devicePath(event.device) { context["KEYMENU_DEVICE"] = path }
            runner.perform(binding.action, context: context, byHotkey: true)
          }
        }
      }, timing: timing, sequenceTiming: sequenceTiming,
      // Which keys came is never logged: only that a sequence ended.
      sequenceEnded: { ending in logger.debug("a key sequence ended unfinished (\(ending.rawValue))") })
  }

  /// A hotkey's device rules as the router takes them; nil for every device.
  private func devices(_ rules: [DeviceRule]) -> (
    scope: String, accepts: @Sendable @EngineActor (DeviceID) -> Bool
  )? {
    guard !rules.isEmpty else { return nil }
    return (
      rules.map(\.description).joined(separator: " | "),
      { [weak self] id in
        guard let device = self?.deviceInfo(id) else { return false }
        return rules.contains { $0.matches(device) }
      }
    )
  }
}
