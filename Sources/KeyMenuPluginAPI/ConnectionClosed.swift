/// A socket connection closed (`connection.closed`, posted by the daemon):
/// every plugin that keeps something for it (a waiting alert, a defined
/// menu) ends it now. This is the one way what a connection owned goes.
public struct ConnectionClosed: Hashable, Sendable {
  /// The connection's number (``MethodCaller/connection``).
  public var connection: Int
  /// Its owner name (``MethodCaller/owner``).
  public var owner: String

  /// Describes a closed connection.
  public init(connection: Int, owner: String) {
    self.connection = connection
    self.owner = owner
  }
}

extension Notification.Name {
  /// A socket connection closed; payload ``ConnectionClosed``.
  public static let connectionClosed: Self = "connection.closed"
}
