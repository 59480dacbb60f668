import KeyMenuPluginAPI
import Logging
import Synchronization

/// The ``PluginHost`` one plugin gets: every call is the engine's, with the
/// plugin as owner, and every registration is recorded for clean-up.
final class EngineHost: PluginHost {
  struct Owned: Sendable {
    var observers: [ObserverToken] = []
    var timers: [TimerToken] = []
  }

  let engine: Engine
  let pluginName: String
  private let currentConfiguration: Mutex<PluginConfiguration>
  let logger: Logger
  let attachments: PluginAttachments
  /// `plugin:NAME`, made once: it is the source of every invocation.
  private let invocationSource: String
  private let owned = Mutex(Owned())

  init(engine: Engine, pluginName: String, configuration: PluginConfiguration) {
    self.engine = engine
    self.pluginName = pluginName
    self.currentConfiguration = Mutex(configuration)
    self.logger = engine.makeLogger(pluginName)
    self.attachments = engine.attachments.view(for: pluginName)
    self.invocationSource = "plugin:" + pluginName
  }

  var configuration: PluginConfiguration { currentConfiguration.withLock { $0 } }

  var modalSnapshot: ModalSnapshot { engine.center.latestModalSnapshot }

  /// Replaces the configuration the plugin sees (a reload).
  func replaceConfiguration(_ configuration: PluginConfiguration) {
    currentConfiguration.withLock { $0 = configuration }
  }

  /// Hands over (and forgets) what the plugin registered.
  func takeOwned() -> Owned {
    owned.withLock { owned in
      defer { owned = Owned() }
      return owned
    }
  }

  private var owner: SelectorOwner { .plugin(pluginName) }

  func observe(
    _ name: Notification.Name?, tier: ObserverTier, handler: @escaping @Sendable (Notification) -> Disposition
  ) -> ObserverToken {
    let token = engine.center.addObserver(for: name, tier: tier, handler: handler)
    owned.withLock { $0.observers.append(token) }
    return token
  }

  func removeObserver(_ token: ObserverToken) {
    engine.center.removeObserver(token)
    owned.withLock { $0.observers.removeAll { $0 == token } }
  }

  @discardableResult
  func post(_ notification: Notification) -> DeliveryOutcome { engine.center.post(notification) }

  func registerSelector(kind: String, title: String, action: @escaping SelectorAction) -> Selector {
    engine.registry.register(kind: kind, title: title, owner: owner, action: action)
  }

  func removeSelector(_ selector: Selector) {
    if engine.registry.info(selector)?.owner == owner { engine.registry.remove(selector) }
  }

  func registerSelector(
    kind: String, title: String, for owner: SelectorOwner, action: @escaping SelectorAction
  ) -> Selector {
    engine.registry.register(kind: kind, title: title, owner: owner, action: action)
  }

  func removeSelector(_ selector: Selector, ownedBy owner: SelectorOwner) {
    if engine.registry.info(selector)?.owner == owner { engine.registry.remove(selector) }
  }

  func invoke(_ selector: Selector) throws(SelectorError) {
    try engine.registry.invoke(selector, source: invocationSource)
  }

  func wrap(_ selector: Selector, with wrapper: @escaping SelectorWrapper) throws(SelectorError)
    -> WrapperToken
  {
    try engine.registry.wrap(selector, owner: owner, with: wrapper)
  }

  func perform(_ job: @escaping @Sendable () -> Void) { engine.perform(job) }

  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> TimerToken {
    let token = engine.scheduleTimer(after: delay, action)
    owned.withLock { $0.timers.append(token) }
    return token
  }

  func cancel(_ timer: TimerToken) {
    engine.cancelTimer(timer)
    owned.withLock { $0.timers.removeAll { $0 == timer } }
  }

  func handle(_ method: String, with handler: @escaping MethodHandler) {
    engine.methodHandlers.withLock { $0[method] = (pluginName, handler) }
  }

  func methodHandler(_ method: String) -> (plugin: String, handler: MethodHandler)? {
    engine.methodHandler(method)
  }

  func handleAction(_ key: String, with performer: @escaping ActionPerformer) {
    engine.actionPerformers.withLock { $0[key] = (pluginName, performer) }
  }

  func handleConfiguredObjects(_ section: String, with receiver: @escaping ConfiguredObjectsReceiver) {
    engine.objectReceivers.withLock { $0[section] = (pluginName, receiver) }
  }

  func provide<Service: Sendable>(_ service: Service, as type: Service.Type) {
    engine.services.withLock { $0[ObjectIdentifier(type)] = (pluginName, service) }
  }

  func service<Service: Sendable>(_ type: Service.Type) -> Service? {
    engine.services.withLock { $0[ObjectIdentifier(type)]?.service } as? Service
  }
}
