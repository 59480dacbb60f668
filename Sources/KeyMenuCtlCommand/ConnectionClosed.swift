import KeyMenuClient
import KeyMenuProtocol

/// The daemon closed a connection that `subscribe` or `ui` was following:
/// exit status 254, with the reason when the daemon gave one
/// (`client.disconnected`).
struct ConnectionClosed: Error {
  /// The documented exit status.
  static let exitStatus: Int32 = 254

  var message: String

  /// The failure as a person reads it: the daemon's reason if it sent one,
  /// else what the read said (usually that the daemon stopped).
  /// The connection closed while `connection` waited for the answer to its
  /// first request (the subscription): the reason, if the daemon gave one,
  /// is among the notifications read before the end.
  init(_ connection: DaemonConnection, failure: ClientFailure) {
    let notice = connection.takeNotifications().last { $0.method == ClientDisconnected.method }
    self.init(
      path: connection.path, notice: notice.flatMap { ClientDisconnected(params: $0.params) },
      failure: failure)
  }

  init(path: String, notice: ClientDisconnected?, failure: ClientFailure) {
    if let notice {
      message = "keymenud closed the connection (\(path)): \(notice.message) [\(notice.reason)]"
    } else if failure.message == DaemonConnection.closedByDaemon {
      message = "keymenud closed the connection (\(path)): it stopped or restarted"
    } else {
      message = "lost the connection to keymenud (\(path)): \(failure.message)"
    }
  }
}
