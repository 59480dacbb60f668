import Glibc
public import KeyMenuProtocol
import KeyMenuSocket

/// A JSON-RPC connection to keymenud for one command's lifetime, over the
/// blocking ``LineSocketClient``.
public final class DaemonConnection {
  public static let defaultPath = "/run/keymenu/keymenu.sock"
  /// The failure message for an end of stream from the daemon.
  public static let closedByDaemon = "the daemon closed the connection"

  public let path: String
  private let socket: LineSocketClient
  private var nextID = 1
  /// Request ids on a connection others use too (`KEYMENU_FD`, shared by
  /// every keymenuctl a command runs) carry the pid, so that a late answer
  /// to an earlier keymenuctl is never taken for this one's.
  private var idPrefix: String?
  /// Notifications read while waiting for a response, oldest first.
  public private(set) var pendingNotifications: [(method: String, params: JSONValue)] = []

  /// The socket path: `--socket`, else `KEYMENU_SOCKET`, else the standard one.
  public static func path(option: String?) -> String {
    if let option { return option }
    if let value = getenv("KEYMENU_SOCKET"), let text = String(validatingCString: value), !text.isEmpty {
      return text
    }
    return defaultPath
  }

  /// The connection a command started by keymenud was handed
  /// (`KEYMENU_FD`), when there is one and no socket was named: it has the
  /// drive tier for the command's lifetime, whoever the command runs as.
  public static func inherited(option: String?) -> Int32? {
    guard option == nil, let value = getenv("KEYMENU_FD"), let text = String(validatingCString: value),
      let descriptor = Int32(text), descriptor >= 0
    else { return nil }
    return descriptor
  }

  /// Uses the connection keymenud handed this process (`KEYMENU_FD`).
  public init(inherited descriptor: Int32) throws(ClientFailure) {
    path = "KEYMENU_FD=\(descriptor)"
    do {
      socket = try LineSocketClient(connected: descriptor)
    } catch {
      throw ClientFailure(
        "KEYMENU_FD=\(descriptor) is not a connection to keymenud (\(String(cString: strerror(error.errno)))); "
          + "unset it to use the socket")
    }
    idPrefix = "\(getpid())-"
  }

  /// Connects; failures say what to do (start the daemon, join a group).
  public init(path: String) throws(ClientFailure) {
    self.path = path
    do {
      socket = try LineSocketClient(path: path)
    } catch {
      throw ClientFailure.connecting(path, errno: error.errno)
    }
  }

  /// Answers read while waiting for another, by id, for ``response(to:)``.
  private var earlyResponses: [JSONValue: JSONValue] = [:]

  /// Sends a request and waits for its response; notifications that arrive
  /// meanwhile are kept in ``pendingNotifications``.
  public func call(_ method: String, _ params: JSONValue = .object([:])) throws(ClientFailure) -> Result<
    JSONValue, RPCError
  > {
    try response(to: send(method, params))
  }

  /// Sends a request without waiting; returns its id for ``response(to:)``.
  public func send(_ method: String, _ params: JSONValue = .object([:])) throws(ClientFailure) -> RPCID {
    let id: RPCID = idPrefix.map { .string($0 + String(nextID)) } ?? .number(nextID)
    nextID += 1
    do {
      try socket.write(line: RPCRequest(id: id, method: method, params: params).line())
    } catch {
      throw ClientFailure("the daemon closed the connection")
    }
    return id
  }

  /// Waits for the response to `id`; answers to this connection's other
  /// requests that come first are kept for their own turn. Notifications
  /// read meanwhile go to `notified` as they come, or (without it) into
  /// ``pendingNotifications``.
  public func response(
    to id: RPCID, notified: ((_ method: String, _ params: JSONValue) -> Void)? = nil
  ) throws(ClientFailure) -> Result<JSONValue, RPCError> {
    var found = earlyResponses.removeValue(forKey: id.jsonValue)
    while found == nil {
      let message = try readMessage()
      if let method = message["method"]?.stringValue {
        if let notified {
          notified(method, message["params"] ?? .null)
        } else {
          pendingNotifications.append((method, message["params"] ?? .null))
        }
        continue
      }
      let answered = message["id"] ?? .null
      if answered == id.jsonValue || answered == .null {
        found = message
      } else if idPrefix == nil || answered.stringValue?.hasPrefix(idPrefix ?? "") == true {
        earlyResponses[answered] = message
      }
    }
    guard let message = found else { return .success(.null) }
    if let error = message["error"] {
      return .failure(
        (try? error.decoded(as: RPCError.self)) ?? RPCError(code: 0, message: "error", data: error))
    }
    return .success(message["result"] ?? .null)
  }

  /// The response to `id` if it has been read already (while waiting for
  /// another), without waiting; nil when it has not come yet.
  public func earlyResponse(to id: RPCID) -> Result<JSONValue, RPCError>? {
    guard let message = earlyResponses.removeValue(forKey: id.jsonValue) else { return nil }
    if let error = message["error"] {
      return .failure(
        (try? error.decoded(as: RPCError.self)) ?? RPCError(code: 0, message: "error", data: error))
    }
    return .success(message["result"] ?? .null)
  }

  /// Keeps a response read by a caller of ``readMessage()`` for ``response(to:)``.
  public func keep(response message: JSONValue) {
    earlyResponses[message["id"] ?? .null] = message
  }

  /// The socket, for `poll()`.
  public var fileDescriptor: Int32 { socket.fileDescriptor }

  /// Whether a message can be read without waiting.
  public var hasBufferedMessage: Bool { socket.hasBufferedLine }

  /// Whether the daemon sent something (a message, or the end) within `bound`.
  public func waitForMessage(within bound: Duration) -> Bool { socket.waitReadable(within: bound) }

  /// Takes the notifications read so far.
  public func takeNotifications() -> [(method: String, params: JSONValue)] {
    defer { pendingNotifications.removeAll() }
    return pendingNotifications
  }

  /// Reads the next message (response or notification).
  public func readMessage() throws(ClientFailure) -> JSONValue {
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

extension DaemonConnection {
  /// Connects the way every keymenu client does: through `KEYMENU_FD` when
  /// keymenud started this process with a connection and no socket was
  /// named, else to `socket`, `KEYMENU_SOCKET` or the standard path.
  public static func connect(socket: String?) throws(ClientFailure) -> DaemonConnection {
    if let inherited = inherited(option: socket) {
      return try DaemonConnection(inherited: inherited)
    }
    return try DaemonConnection(path: path(option: socket))
  }
}
