public import KeyMenuCore

/// A named message posted to the ``NotificationCenter``.
public struct Notification: Sendable {
  /// A notification name such as `key.down` or `alert.answered`.
  public struct Name: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
  {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
  }

  /// What happened.
  public var name: Name
  /// The details; use ``payload(as:)`` to read them.
  public var payload: any Sendable
  /// The key event of a `key.down`, `key.up` or `key.repeat` notification;
  /// nil for every other notification, even one whose payload is a key
  /// event (such as `engine.panic`, which must never be read as a key press).
  /// Kept typed, not in ``payload``: keys are the hot path, and a typed field
  /// costs no allocation and no dynamic cast.
  public let keyEvent: KeyEvent?
  /// The stack of a `modal.changed` notification (also its ``payload``),
  /// typed for the same reason: every presenter reads it on every change,
  /// and a dynamic cast out of ``payload`` costs about half a microsecond.
  public let modalSnapshot: ModalSnapshot?

  /// Creates a notification.
  public init(_ name: Name, payload: any Sendable = ()) {
    self.name = name
    self.payload = payload
    self.keyEvent = nil
    self.modalSnapshot = name == .modalChanged ? payload as? ModalSnapshot : nil
  }

  private init(keyEvent: KeyEvent, name: Name) {
    self.name = name
    self.payload = ()
    self.keyEvent = keyEvent
    self.modalSnapshot = nil
  }

  private init(modalSnapshot: ModalSnapshot) {
    self.name = .modalChanged
    self.payload = modalSnapshot
    self.keyEvent = nil
    self.modalSnapshot = modalSnapshot
  }

  /// The `modal.changed` notification for `snapshot`.
  public static func modalChanged(_ snapshot: ModalSnapshot) -> Notification {
    Notification(modalSnapshot: snapshot)
  }

  /// The payload if it has the given type (a key notification's is its ``keyEvent``).
  public func payload<T>(as type: T.Type) -> T? { keyEvent.map { $0 as? T } ?? payload as? T }

  /// The notification for a decoded key event: `key.down`, `key.up` or `key.repeat`.
  public static func key(_ event: KeyEvent) -> Notification {
    let name: Name =
      switch event.action {
      case .down: .keyDown
      case .up: .keyUp
      case .repeat: .keyRepeat
      }
    return Notification(keyEvent: event, name: name)
  }
}

extension Notification.Name {
  public static let keyDown: Self = "key.down"
  public static let keyUp: Self = "key.up"
  public static let keyRepeat: Self = "key.repeat"
  public static let deviceAdded: Self = "device.added"
  public static let deviceRemoved: Self = "device.removed"
  public static let selectorInvoked: Self = "selector.invoked"
  public static let selectorFailed: Self = "selector.failed"
  /// The emergency exit chord was pressed: dismiss everything, release grabs.
  public static let panic: Self = "engine.panic"
  /// Back was held on a modal: every modal of this owner (payload `String`,
  /// as ``ModalPicture/owner``: `config`, `client:3`), shown or queued,
  /// ends as dismissed (``HeldBackCloser``).
  public static let ownerDismissed: Self = "engine.owner-dismissed"
  /// A plugin failed to start or threw; payload ``PluginFailure``.
  public static let pluginFailed: Self = "plugin.failed"
}

/// A plugin that failed, and why.
public struct PluginFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// The plugin's name.
  public var plugin: String
  /// What went wrong.
  public var message: String
  /// Creates a failure report.
  public init(plugin: String, message: String) {
    self.plugin = plugin
    self.message = message
  }
  public var description: String { "plugin \(plugin): \(message)" }
}
