import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuProtocol
import Logging

/// The ``PluginHost`` one plugin gets: every call is the engine's, with the
/// plugin as owner, and every registration is recorded for clean-up.
final class EngineHost: PluginHost {
  struct Owned {
    var observers: [ObserverToken] = []
    var timers: [TimerToken] = []
    /// The ids of the modals the plugin put on the stack and did not close.
    var modals: Set<String> = []
  }

  let engine: Engine
  let pluginName: String
  private(set) var configuration: PluginConfiguration
  let logger: Logger
  let attachments: PluginAttachments
  /// `plugin:NAME`, made once: it is the source of every invocation.
  private let invocationSource: String
  private var owned = Owned()

  init(engine: Engine, pluginName: String, configuration: PluginConfiguration) {
    self.engine = engine
    self.pluginName = pluginName
    self.configuration = configuration
    self.logger = engine.makeLogger(pluginName)
    self.attachments = engine.attachments.view(for: pluginName)
    self.invocationSource = "plugin:" + pluginName
  }

  var modalSnapshot: ModalSnapshot { engine.center.latestModalSnapshot }

  nonisolated var latestModal: LatestModalSnapshot { engine.center.latestModal }

  /// Replaces the configuration the plugin sees (a reload).
  func replaceConfiguration(_ configuration: PluginConfiguration) {
    self.configuration = configuration
  }

  /// Hands over (and forgets) what the plugin registered.
  func takeOwned() -> Owned {
    defer { owned = Owned() }
    return owned
  }

  private var owner: SelectorOwner { .plugin(pluginName) }

  func observe(
    _ name: Notification.Name?, tier: ObserverTier,
    handler: @escaping @Sendable @EngineActor (Notification) -> Disposition
  ) -> ObserverToken {
    let token = engine.center.addObserver(for: name, tier: tier, handler: handler)
    owned.observers.append(token)
    return token
  }

  func removeObserver(_ token: ObserverToken) {
    engine.center.removeObserver(token)
    owned.observers.removeAll { $0 == token }
  }

  @discardableResult
  func post(_ notification: Notification) -> DeliveryOutcome { engine.center.post(notification) }

  func showModal(_ picture: ModalPicture) {
    owned.modals.insert(picture.id)
    engine.modalStack.show(picture)
  }

  func updateModal(_ picture: ModalPicture) {
    guard owned.modals.contains(picture.id) else { return }
    engine.modalStack.update(picture)
  }

  func closeModal(_ id: String) {
    guard owned.modals.remove(id) != nil else { return }
    engine.modalStack.close(id)
  }

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

  nonisolated func perform(_ job: @escaping @Sendable @EngineActor () -> Void) { engine.perform(job) }

  func schedule(after delay: Duration, _ action: @escaping @Sendable @EngineActor () -> Void) -> TimerToken {
    let token = engine.scheduleTimer(after: delay, action)
    owned.timers.append(token)
    return token
  }

  func cancel(_ timer: TimerToken) {
    engine.cancelTimer(timer)
    owned.timers.removeAll { $0 == timer }
  }

  func handle(_ method: String, with handler: @escaping MethodHandler) {
    engine.methodHandlers[method] = (pluginName, handler)
  }

  func methodHandler(_ method: String) -> (plugin: String, handler: MethodHandler)? {
    engine.methodHandler(method)
  }

  func handleAction(_ key: String, with performer: @escaping ActionPerformer) {
    engine.actionPerformers[key] = (pluginName, performer)
  }

  func handleConfiguredObjects(_ section: String, with receiver: @escaping ConfiguredObjectsReceiver) {
    engine.objectReceivers[section] = (pluginName, receiver)
  }

  func provide<Service: Sendable>(_ service: Service, as type: Service.Type) {
    engine.services[ObjectIdentifier(type)] = (pluginName, service)
  }

  func service<Service: Sendable>(_ type: Service.Type) -> Service? {
    engine.services[ObjectIdentifier(type)]?.service as? Service
  }
}
