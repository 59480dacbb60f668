public import KeyMenuEngineActor
public import KeyMenuProtocol
public import Logging

/// What a plugin may do: the narrow facade the engine gives each plugin.
///
/// Everything registered through a host is owned by its plugin and removed
/// when the plugin stops, so the previous state comes back.
///
/// A host is the engine's: it is reached on the engine thread only
/// (``EngineActor``), except for ``latestModal``, which a presenter's own
/// thread reads.
@EngineActor
public protocol PluginHost: Sendable {
  /// The plugin this host serves.
  var pluginName: String { get }
  /// A logger labelled with the plugin's name.
  var logger: Logger { get }
  /// The plugin's configuration section.
  var configuration: PluginConfiguration { get }
  /// The stack of the last `modal.changed`.
  var modalSnapshot: ModalSnapshot { get }
  /// The same stack for a presenter's own thread, which reads it when a
  /// ``ChangeSignal`` says the stack changed: the one way a presenter's
  /// thread sees engine state without a hop onto the engine thread.
  nonisolated var latestModal: LatestModalSnapshot { get }
  /// The plugin's own state on devices, alerts and menus.
  var attachments: PluginAttachments { get }

  /// Registers a handler; see ``ObserverTier`` for the delivery order.
  func observe(
    _ name: Notification.Name?, tier: ObserverTier,
    handler: @escaping @Sendable @EngineActor (Notification) -> Disposition
  ) -> ObserverToken
  /// Stops delivery to one of the plugin's handlers.
  func removeObserver(_ token: ObserverToken)
  /// Posts a notification.
  @discardableResult func post(_ notification: Notification) -> DeliveryOutcome

  /// Puts one of the plugin's modals in front of the modal stack (one with
  /// the same id moves there): presenters and subscribers get the new stack
  /// (`modal.changed`). A modal kind calls it when it shows something, after
  /// posting its own notification (`alert.shown`, `dialog.shown`, ...).
  func showModal(_ picture: ModalPicture)
  /// Replaces the plugin's modal with `picture`'s id where it is in the stack
  /// (a move of the focus, typing); nothing when it is not there.
  func updateModal(_ picture: ModalPicture)
  /// Takes the plugin's modal `id` off the stack; the host takes off what
  /// a plugin left there when it stops.
  func closeModal(_ id: String)

  /// Registers an action under a new selector owned by the plugin.
  func registerSelector(kind: String, title: String, action: @escaping SelectorAction) -> Selector
  /// Removes one of the plugin's selectors.
  func removeSelector(_ selector: Selector)
  /// Registers an action under a new selector owned by `owner` rather than
  /// the plugin: a client's (its ``MethodCaller/owner``) for an object the
  /// client asked for, such as a menu's items. It is listed as the client's,
  /// invoked under the client's rules and removed with the client; the
  /// plugin removes it sooner when it ends the object
  /// (``removeSelector(_:ownedBy:)``).
  func registerSelector(
    kind: String, title: String, for owner: SelectorOwner, action: @escaping SelectorAction
  )
    -> Selector
  /// Removes a selector registered for `owner`; nothing when another owns it.
  func removeSelector(_ selector: Selector, ownedBy owner: SelectorOwner)
  /// Invokes any selector.
  func invoke(_ selector: Selector) throws(SelectorError)
  /// Wraps any selector's action; removed when the plugin stops.
  func wrap(_ selector: Selector, with wrapper: @escaping SelectorWrapper) throws(SelectorError)
    -> WrapperToken

  /// Runs `job` on the engine's thread, after what it is doing now, and
  /// returns at once; callable from any thread. For a plugin with a thread
  /// of its own (a bus connection, a child process) that must act on the
  /// engine, for example answer an alert: everything that touches the
  /// engine runs on its thread, one thing at a time. This is the one hop
  /// onto the engine thread.
  nonisolated func perform(_ job: @escaping @Sendable @EngineActor () -> Void)

  /// Runs `action` once, `delay` from now on the engine's clock (virtual
  /// time in simulations and tests).
  func schedule(after delay: Duration, _ action: @escaping @Sendable @EngineActor () -> Void) -> TimerToken
  /// Cancels a scheduled action that has not run yet.
  func cancel(_ timer: TimerToken)

  /// Carries out one of the socket methods the plugin's descriptor declares
  /// (``MethodDeclaration``) until the plugin stops; the daemon routes each
  /// request for it here, on the engine's thread.
  func handle(_ method: String, with handler: @escaping MethodHandler)
  /// The handler registered for `method`, and the plugin that registered it.
  func methodHandler(_ method: String) -> (plugin: String, handler: MethodHandler)?

  /// Carries out one of the configuration actions the plugin's descriptor
  /// declares (``ActionDeclaration``) until the plugin stops.
  func handleAction(_ key: String, with performer: @escaping ActionPerformer)
  /// Takes the objects the configuration defines in `section` (the menus
  /// plugin's `menus`) each time a configuration is put in force, and once
  /// when the plugin starts under one, until the plugin stops.
  func handleConfiguredObjects(_ section: String, with receiver: @escaping ConfiguredObjectsReceiver)

  /// Offers a service to other plugins (for example ``AlertPresenting``).
  func provide<Service: Sendable>(_ service: Service, as type: Service.Type)
  /// A service another plugin offers, if any.
  func service<Service: Sendable>(_ type: Service.Type) -> Service?
}

/// An action: the closure a selector is attached to.
public typealias SelectorAction = @Sendable @EngineActor (SelectorInvocation) throws -> Void

/// A wrapper around an action; it decides whether and when to call `original`.
public typealias SelectorWrapper =
  @Sendable @EngineActor (SelectorInvocation, _ original: () throws -> Void) throws -> Void

/// Identifies one scheduled action.
public struct TimerToken: Hashable, Sendable {
  /// The number the engine's clock gave it.
  public let id: UInt64
  /// Creates a token; only the engine's clock makes them.
  public init(id: UInt64) { self.id = id }
}

/// Identifies one wrapper around a selector's action.
public struct WrapperToken: Hashable, Sendable {
  /// The number the registry gave it.
  public let id: UInt64
  /// The selector it wraps.
  public let selector: Selector

  /// Creates a token; only the selector registry makes them.
  public init(id: UInt64, selector: Selector) {
    self.id = id
    self.selector = selector
  }
}
