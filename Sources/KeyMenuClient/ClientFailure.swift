import Glibc

/// The daemon could not be reached or refused: exit status 255, with a hint.
public struct ClientFailure: Error {
  /// What went wrong, for a person.
  public var message: String

  /// A failure saying `message`.
  public init(_ message: String) { self.message = message }

  /// A failed `connect()`, explained.
  public static func connecting(_ path: String, errno error: Int32) -> ClientFailure {
    switch error {
    case ENOENT:
      ClientFailure(
        "no socket at \(path): is keymenud running? (systemctl start keymenud; or set KEYMENU_SOCKET / --socket)"
      )
    case ECONNREFUSED:
      ClientFailure("nobody listens on \(path): keymenud is not running (systemctl start keymenud)")
    case EACCES, EPERM:
      ClientFailure(
        "permission denied on \(path): join the socket's group (usually 'keymenu': sudo usermod -aG keymenu $USER, then log in again)"
      )
    default:
      ClientFailure("cannot connect to \(path): \(String(cString: strerror(error)))")
    }
  }
}
