import Glibc
import KeyMenuProtocol
import KeyMenuServer

/// A JSON-RPC connection to keymenud for one command's lifetime, over the
/// blocking ``LineSocketClient``.
final class DaemonConnection {
  static let defaultPath = "/run/keymenu/keymenu.sock"
  /// The failure message for an end of stream from the daemon.
  static let closedByDaemon = "the daemon closed the connection"

  let path: String
  private let socket: LineSocketClient
  private var nextID = 1
  /// Notifications read while waiting for a response, oldest first.
  private(set) var pendingNotifications: [(method: String, params: JSONValue)] = []

  /// The socket path: `--socket`, else `KEYMENU_SOCKET`, else the standard one.
  static func path(option: String?) -> String {
    if let option { return option }
    if let value = getenv("KEYMENU_SOCKET"), let text = String(validatingCString: value), !text.isEmpty {
      return text
    }
    return defaultPath
  }

  /// Connects; failures say what to do (start the daemon, join a group).
  init(path: String) throws(ClientFailure) {
    self.path = path
    do {
      socket = try LineSocketClient(path: path)
    } catch {
      throw ClientFailure.connecting(path, errno: error.errno)
    }
  }

  /// Sends a request and waits for its response; notifications that arrive
  /// meanwhile are kept in ``pendingNotifications``.
  func call(_ method: String, _ params: JSONValue = .object([:])) throws(ClientFailure) -> Result<
    JSONValue, RPCError
  > {
    let id = nextID
    nextID += 1
    do {
      try socket.write(line: RPCRequest(id: .number(id), method: method, params: params).line())
    } catch {
      throw ClientFailure("the daemon closed the connection")
    }
    while true {
      let message = try readMessage()
      if let method = message["method"]?.stringValue {
        pendingNotifications.append((method, message["params"] ?? .null))
        continue
      }
      guard message["id"]?.intValue == id || message["id"] == .null else { continue }
      if let error = message["error"] {
        return .failure(
          RPCError(
            code: error["code"]?.intValue ?? 0, message: error["message"]?.stringValue ?? "error",
            data: error["data"]))
      }
      return .success(message["result"] ?? .null)
    }
  }

  /// The socket, for `poll()`.
  var fileDescriptor: Int32 { socket.fileDescriptor }

  /// Whether a message can be read without waiting.
  var hasBufferedMessage: Bool { socket.hasBufferedLine }

  /// Takes the notifications read so far.
  func takeNotifications() -> [(method: String, params: JSONValue)] {
    defer { pendingNotifications.removeAll() }
    return pendingNotifications
  }

  /// Reads the next message (response or notification).
  func readMessage() throws(ClientFailure) -> JSONValue {
    let line: [UInt8]?
    do {
      line = try socket.readLine()
    } catch {
      throw ClientFailure("cannot read from the daemon: \(error)")
    }
    guard let line else { throw ClientFailure(Self.closedByDaemon) }
    guard let value = JSONValue.parse(line) else {
      throw ClientFailure("the daemon sent a line that is not JSON")
    }
    return value
  }
}
