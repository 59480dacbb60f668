public import KeyMenuCore
public import KeyMenuEngineActor
public import KeyMenuPluginAPI
public import Logging

/// The composition of the routing parts: the notification center, the
/// selector registry, attachments, services, timers and the running plugins.
///
/// Each plugin gets its own ``PluginHost``; what it registers through it is
/// removed when it stops or fails to start, so a broken plugin never leaves
/// state behind or stops the others. Key events enter through
/// ``handle(_:)``, which checks the panic chord before anyone sees the key.
///
/// The engine and everything it holds are the engine thread's
/// (``EngineActor``): no lock guards them, and the compiler checks that
/// nothing else reaches them.
@EngineActor
public final class Engine {
  /// The notification center.
  public let center: NotificationCenter
  /// The selector registry.
  public let registry: SelectorRegistry
  /// Every plugin's attachments.
  public let attachments = AttachmentStore()
  /// The emergency exit chord.
  public let panicChord: PanicChord
  /// What is in front, as the modal kinds tell it.
  public let modalStack: ModalStack

  var clock = EngineClock()
  var timerActions: [TimerToken: @Sendable @EngineActor () -> Void] = [:]
  var services: [ObjectIdentifier: (owner: String, service: any Sendable)] = [:]
  var methodHandlers: [String: (owner: String, handler: MethodHandler)] = [:]
  var actionPerformers: [String: (owner: String, performer: ActionPerformer)] = [:]
  var objectReceivers: [String: (owner: String, receiver: ConfiguredObjectsReceiver)] = [:]
  var running: [(plugin: any Plugin, host: EngineHost)] = []
  let makeLogger: @Sendable (String) -> Logger
  /// Hands a job to the engine's thread (``PluginHost/perform(_:)``).
  public nonisolated let perform: @Sendable (@escaping @Sendable @EngineActor () -> Void) -> Void

  /// Creates an engine.
  ///
  /// - Parameters:
  ///   - random: the source of selector names (seed it for reproducible runs).
  ///   - makeLogger: a logger for a plugin name.
  ///   - onRefusedInvoke: told of each invoke the registry refuses as a
  ///     cycle (``SelectorRegistry/invoke(_:source:after:)``), once.
  ///   - perform: runs a job on the engine thread, after what it is doing
  ///     now, without waiting for it: by default the engine executor's queue
  ///     (``EngineExecutor/execute(_:)``), which the engine thread's reactor
  ///     drains between two polls.
  ///   - inputClock: the clock devices stamp key events with, for the
  ///     center's hold on type-ahead (``NotificationCenter``); none by default.
  nonisolated public init(
    random: @escaping @Sendable () -> UInt32 = { UInt32.random(in: .min ... .max) },
    panicChord: PanicChord = .standard,
    makeLogger: @escaping @Sendable (String) -> Logger = { Logger(label: "keymenu.plugin.\($0)") },
    onRefusedInvoke: @escaping @Sendable (SelectorError) -> Void = { _ in },
    perform: @escaping @Sendable (@escaping @Sendable @EngineActor () -> Void) -> Void = {
      EngineExecutor.shared.execute($0)
    },
    inputClock: (@Sendable () -> KernelTime)? = nil
  ) {
    self.center = NotificationCenter(inputClock: inputClock)
    self.modalStack = ModalStack(center: center)
    self.registry = SelectorRegistry(random: random, onRefusal: onRefusedInvoke)
    self.panicChord = panicChord
    self.makeLogger = makeLogger
    self.perform = perform
  }

  /// Starts a plugin; a failure is reported (returned and posted as
  /// `plugin.failed`) and everything the plugin registered is removed.
  @discardableResult
  public func start(_ plugin: any Plugin, configuration: PluginConfiguration = .init()) -> PluginFailure? {
    let name = plugin.name
    if running.contains(where: { $0.plugin.name == name }) {
      return report(PluginFailure(plugin: name, message: "a plugin with this name is already running"))
    }
    let host = EngineHost(engine: self, pluginName: name, configuration: configuration)
    do {
      try plugin.register(with: host)
    } catch {
      cleanUp(after: host)
      return report(PluginFailure(plugin: name, message: "failed to start: \(error)"))
    }
    running.append((plugin, host))
    return nil
  }

  /// Stops one plugin and removes what it owned; returns whether it ran.
  @discardableResult
  public func stop(_ name: String) -> Bool {
    guard let index = running.firstIndex(where: { $0.plugin.name == name }) else { return false }
    let entry = running.remove(at: index)
    entry.plugin.stop()
    cleanUp(after: entry.host)
    return true
  }

  /// Gives a running plugin a new configuration section (a reload): its
  /// host's ``PluginHost/configuration`` changes, then the plugin is told.
  /// Returns whether it runs.
  @discardableResult
  public func reconfigure(_ name: String, _ configuration: PluginConfiguration) -> Bool {
    guard let entry = running.first(where: { $0.plugin.name == name }) else { return false }
    entry.host.replaceConfiguration(configuration)
    entry.plugin.configurationChanged(configuration)
    return true
  }

  /// Stops every plugin, the last started first.
  public func stopAll() {
    for name in running.map(\.plugin.name).reversed() { stop(name) }
  }

  /// The names of the running plugins, in start order.
  public var pluginNames: [String] { running.map(\.plugin.name) }

  /// Routes a decoded key event: the panic chord first, then the center.
  @discardableResult
  public func handle(_ event: KeyEvent) -> DeliveryOutcome {
    if panicChord.isTriggered(by: event) {
      center.post(Notification(.panic, payload: event))
      return .consumedByHotkey
    }
    return center.post(.key(event))
  }

  /// Routes a key a client presses on the modal in front (`modal.press`):
  /// to the front modal handler only, never to the panic chord, hotkeys or
  /// passive observers.
  @discardableResult
  public func press(_ event: KeyEvent) -> DeliveryOutcome { center.postToModal(.key(event)) }

  /// Routes a presenter's tap on the modal in front (`modal.tap`): to the
  /// front modal handler only, as ``press(_:)`` does a key.
  @discardableResult
  public func tap(_ tap: ModalTap) -> DeliveryOutcome {
    center.postToModal(Notification(.modalTapped, payload: tap))
  }

  /// Tells plugins a device was opened.
  public func deviceAdded(_ device: DeviceInfo) {
    for entry in running { entry.plugin.deviceAdded(device) }
    center.post(Notification(.deviceAdded, payload: device))
  }

  /// Tells plugins a device went away and drops what was attached to it.
  public func deviceRemoved(_ device: DeviceInfo) {
    for entry in running { entry.plugin.deviceRemoved(device) }
    attachments.removeAll(on: .device(device.id))
    center.post(Notification(.deviceRemoved, payload: device))
  }

  private func report(_ failure: PluginFailure) -> PluginFailure {
    center.post(Notification(.pluginFailed, payload: failure))
    return failure
  }

  private func cleanUp(after host: EngineHost) {
    let owned = host.takeOwned()
    for token in owned.observers { center.removeObserver(token) }
    for token in owned.timers { cancelTimer(token) }
    for id in owned.modals { modalStack.close(id) }
    registry.removeAll(ownedBy: .plugin(host.pluginName))
    services = services.filter { $0.value.owner != host.pluginName }
    methodHandlers = methodHandlers.filter { $0.value.owner != host.pluginName }
    actionPerformers = actionPerformers.filter { $0.value.owner != host.pluginName }
    objectReceivers = objectReceivers.filter { $0.value.owner != host.pluginName }
    attachments.removeAll(ownedBy: host.pluginName)
  }
}
