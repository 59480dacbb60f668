/// A notification a plugin posts that the daemon sends on to the clients
/// subscribed to its topic (`events.subscribe`), as its ``PluginDescriptor``
/// declares it: `alert.shown` under `alert`, with the alert's ``ModalPicture`` as params.
public struct NotificationDeclaration: Sendable {
  /// The engine notification, whose raw value is the protocol method.
  public var name: Notification.Name
  /// The topic a client subscribes to; a modal kind's topic also gets
  /// `modal.changed`.
  public var topic: String
  /// The notification's params on the wire (a type of KeyMenuProtocol);
  /// nil leaves a notification without them unsent.
  public var params: @Sendable (Notification) -> (any Encodable & Sendable)?

  /// Declares a notification. It is followed state: a subscriber that falls
  /// behind may get only the newest of them.
  public init(
    _ name: Notification.Name, topic: String,
    params: @escaping @Sendable (Notification) -> (any Encodable & Sendable)?
  ) {
    self.name = name
    self.topic = topic
    self.params = params
  }
}
