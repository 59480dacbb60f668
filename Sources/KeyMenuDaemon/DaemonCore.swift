import Glibc
import KeyMenuConfig
import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuEvdev
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuRuntime
import KeyMenuServer
import Logging

/// The daemon on the engine thread, as a composition root: it makes the
/// engine and the parts that own the rest, and wires them:
/// - the plugins (``PluginManager``), the event hub (``EventHub``) and what
///   clients hold (``HoldingBook``);
/// - the configuration's actions (``ActionRunner``: item selectors,
///   hotkeys, commands);
/// - clients' requests (``RequestRouter``: connections, the daemon's
///   methods, the plugins' methods);
/// - itself: the configuration in force and its reload
///   (DaemonCore+Configuration), the devices and their layouts
///   (DaemonCore+Input), and the life of the process: start-up, memory
///   given back, the watchdog and the shutdown order (DaemonCore+Lifecycle).
///
/// It is the ``InputLoopDriver`` of the input loop, so key events, client
/// requests (through the ``CoreAddress``), timers and signals are all
/// handled on one thread, one at a time, in order.
@EngineActor final class DaemonCore: @EngineActor InputLoopDriver {
  let engine: Engine
  let status: StatusBoard
  var logger: Logger
  let lifecycle: DaemonLifecycle
  let hub: EventHub
  let configSource: ConfigSource
  let onConfigurationApplied: (DaemonConfiguration) -> Void
  var configuration: DaemonConfiguration
  /// The HDMI-CEC adapter claimed for the TV's remote and waking the TV (`[cec]`).
  let cecLink: CECLink
  var control: InputLoopControl?
  /// The open devices and the resync count.
  var devices = DeviceTable()
  /// What each device's keys type under its keyboard layout.
  var layouts = DeviceLayouts()
  /// What clients hold waiting and defined, per uid and in all (``ProtocolLimits``).
  let holdingBook = HoldingBook()
  /// What is held now.
  var holdings: HoldingLedger<HoldingKey> { holdingBook.ledger }
  let hostBox: HostBox
  var host: (any PluginHost)? { hostBox.host }
  var keyNames: KeyNameTable { configSource.keyNames }
  /// The configuration's actions: item selectors, hotkeys, commands.
  let actions: ActionRunner
  /// Clients' requests: connections, the daemon's methods, the plugins'.
  let requests: RequestRouter
  var readyReported = false
  /// The built-in and external plugins, and their statuses.
  let plugins: PluginManager
  /// Where external plugins' pipes are served (nil in tests without a server).
  let server: SocketServer?
  /// The counts last published for `daemon.status`.
  var publishedCounts = StatusBoard.Counts()
  let start = ContinuousClock.now
  /// When to give memory back to the kernel: after start-up, a reload, a burst.
  var memoryReturn = MemoryReturn()
  /// Gives back what the daemon holds but does not use while quiet: the
  /// allocator's free memory and the mappings of code and read-only data
  /// pages (``CodePages``). Tests count the calls.
  var giveMemoryBack: @EngineActor () -> Void = {
    Allocator.releaseFreeMemory()
    CodePages.release()
  }

  init(
    configuration: DaemonConfiguration, source: ConfigSource, address: CoreAddress, status: StatusBoard,
    lifecycle: DaemonLifecycle, logger: Logger, server: SocketServer?,
    onConfigurationApplied: @escaping (DaemonConfiguration) -> Void
  ) {
    self.server = server
    self.configuration = configuration
    self.configSource = source
    self.onConfigurationApplied = onConfigurationApplied
    self.status = status
    self.lifecycle = lifecycle
    self.logger = logger
    let hub = EventHub(declarations: source.plugins.descriptors.flatMap(\.notifications))
    self.hub = hub
    let hostBox = HostBox()
    self.hostBox = hostBox
    cecLink = CECLink(
      logger: logger, schedule: { delay, job in _ = hostBox.host?.schedule(after: delay, job) },
      publish: { method, notice in hub.publish(method, notice, topics: ["tv"]) })
    self.engine = Engine(
      makeLogger: { name in
        var pluginLogger = Logger(label: "keymenu.plugin.\(name)")
        pluginLogger.logLevel = logger.logLevel
        return pluginLogger
      },
      // An invoke cycle (an item that invokes itself, at run time) is
      // refused by the registry: one line, where it was refused.
      onRefusedInvoke: { [logger] refusal in logger.warning("\(refusal.message)") },
      // A plugin's job (from its own thread, or for later) goes where the
      // core's own do: the engine's executor in keymenud.
      perform: address.handOver,
      // Devices stamp keys on the wall clock: a key pressed before a modal
      // came is not that modal's (no type-ahead into a box nobody saw).
      inputClock: { KernelTime.now })
    let plugins = PluginManager(
      engine: engine, catalog: source.plugins, status: status, server: server, logger: logger,
      hostBox: hostBox)
    self.plugins = plugins
    actions = ActionRunner(
      engine: engine, hub: hub, hostBox: hostBox, server: server, catalog: source.plugins,
      holdingBook: holdingBook, logger: logger)
    requests = RequestRouter(
      engine: engine, hub: hub, status: status, holdingBook: holdingBook, actions: actions, plugins: plugins,
      catalog: source.plugins, hostBox: hostBox, keyNames: source.keyNames, logger: logger)
    actions.devicePath = { [weak self] device in self?.devices[device]?.identity.path }
    actions.deviceInfo = { [weak self] device in self?.devices[device] }
    requests.deviceEntries = { [weak self] in self?.deviceEntries ?? [] }
    requests.reload = { [weak self] (session) throws(RPCError) in
      guard let self else { throw .methodNotFound("config.reload") }
      return try self.reloadRequested(by: session)
    }
    address.deliver(to: self)
  }

  /// The devices as `devices.list` and the subscription snapshot show them,
  /// with whether each is grabbed.
  var deviceEntries: [DeviceEntry] {
    let grabbed = Set(control?.grabbedDevices ?? [])
    return devices.values.sorted { $0.id < $1.id }.map { DeviceEntry($0, grabbed: grabbed.contains($0.id)) }
  }

  // MARK: InputLoopDriver

  func loopStarted(_ control: InputLoopControl) {
    self.control = control
    let hostBox = hostBox
    let hub = hub
    let cecLink = cecLink
    let services = (holdings: holdingBook.clientHoldings, keyNames: keyNames)
    let deviceInfo = actions.deviceInfo
    engine.start(
      InlinePlugin(name: "daemon") { host in
        hostBox.set(host)
        hub.follow(host)
        // The TV is woken for a modal that asks, and given back when none is left.
        _ = host.observe(.modalChanged, tier: .passive) { notification in
          if let snapshot = notification.modalSnapshot { cecLink.modalsChanged(snapshot) }
          return .pass
        }
        // What the kinds' socket methods use of the daemon.
        host.provide(services.holdings, as: ClientHoldings.self)
        host.provide(
          InvocationReporter { hub.selectorInvoked($0, notifying: $1) }, as: InvocationReporter.self)
        host.provide(services.keyNames, as: KeyNameTable.self)
        // Which devices a request's device rules name (a modal for the remote only).
        host.provide(
          DeviceFilter { rules, id in
            guard let device = deviceInfo(id) else { return false }
            return rules.contains { DeviceRule($0)?.matches(device) == true }
          }, as: DeviceFilter.self)
        // Which client owns which modal, as the kinds tell it (modal.press).
        host.provide(ModalOwnership(), as: ModalOwnership.self)
      })
    apply(configuration)
    if let interval = lifecycle.notifier.watchdogInterval { keepWatchdogFed(every: interval) }
  }

  func loopWoke(_ control: InputLoopControl) -> Duration? {
    let elapsed = ContinuousClock.now - start
    if elapsed > engine.now { engine.advance(by: elapsed - engine.now) }
    control.setGrabWanted(grabWanted)
    // Counts first: a client that connects at READY=1 sees the scanned devices in daemon.status.
    publishCounts()
    if !readyReported {
      readyReported = true
      if lifecycle.devicesScanned() { startUpEnded() }
    }
    noteFootprint()
    return engine.nextDeadline.map { $0 - elapsed }
  }

  func signalReceived(_ signal: Int32, _ control: InputLoopControl) -> Bool {
    switch signal {
    case SIGHUP:
      _ = reload(reason: "SIGHUP")
      return false
    case SIGCHLD:
      reapChildren()
      return false
    default: break
    }
    logger.info("signal \(signal): shutting down")
    shutDown()
    return true
  }

  /// Sends `WATCHDOG=1` from the engine thread every `interval`: a stuck
  /// engine stops feeding the watchdog, and systemd restarts the service.
  func keepWatchdogFed(every interval: Duration) {
    lifecycle.notifier.notify("WATCHDOG=1")
    after(interval) { core in core.keepWatchdogFed(every: interval) }
  }

  /// Runs `job` with the core after `delay` on the engine's clock.
  func after(_ delay: Duration, _ job: @escaping CoreAddress.Job) {
    _ = host?.schedule(after: delay) { [weak self] in
      if let self { job(self) }
    }
  }

  /// Whether devices should be grabbed now, under the grab policy.
  var grabWanted: Bool {
    switch configuration.grab {
    case .never: false
    case .always: true
    case .whileModal: engine.modalStack.depth > 0
    }
  }

  /// Stops the plugins (each modal kind ends what it shows, answered as
  /// dismissed) and tells the service manager; the loop then releases grabs.
  func shutDown() {
    lifecycle.stopping()
    plugins.stopExternalPlugins()
    // The last started first: the daemon's own plugin (the event hub) goes
    // last, so subscribers see what the kinds end.
    engine.stopAll()
  }
}

/// Hands the daemon's own plugin host from its registration closure (run
/// by the engine, on the engine thread) to the core; engine-confined, so no lock.
@EngineActor final class HostBox {
  private(set) var host: (any PluginHost)?

  nonisolated init() {}

  func set(_ host: any PluginHost) { self.host = host }
}
