import Glibc
import KeyMenuProtocol

/// A blocking JSON-RPC connection to keymenud, for one command's lifetime.
///
/// Hand-written over a plain socket rather than swift-nio: a command sends a
/// request or two and waits, so an event loop would only add start-up time.
final class DaemonConnection {
  static let defaultPath = "/run/keymenu/keymenu.sock"

  let path: String
  private let fd: Int32
  private var buffer: [UInt8] = []
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
    fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw ClientFailure("cannot create a socket: \(String(cString: strerror(errno)))") }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      close(fd)
      throw ClientFailure("socket path too long: \(path)")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in bytes.enumerated() { raw[index] = byte }
    }
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard result == 0 else {
      let error = errno
      close(fd)
      throw ClientFailure.connecting(path, errno: error)
    }
  }

  deinit { close(fd) }

  /// Sends a request and waits for its response; notifications that arrive
  /// meanwhile are kept in ``pendingNotifications``.
  func call(_ method: String, _ params: JSONValue = .object([:])) throws(ClientFailure) -> Result<
    JSONValue, RPCError
  > {
    let id = nextID
    nextID += 1
    try send(method, params, id: id)
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

  /// Sends a request without waiting.
  func send(_ method: String, _ params: JSONValue, id: Int) throws(ClientFailure) {
    var line = RPCRequest(id: .number(id), method: method, params: params).line()
    line.append(UInt8(ascii: "\n"))
    var offset = 0
    while offset < line.count {
      let written = line.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { throw ClientFailure("the daemon closed the connection") }
      offset += written
    }
  }

  /// Takes the notifications read so far.
  func takeNotifications() -> [(method: String, params: JSONValue)] {
    defer { pendingNotifications.removeAll() }
    return pendingNotifications
  }

  /// Reads the next message (response or notification).
  func readMessage() throws(ClientFailure) -> JSONValue {
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = Array(buffer[..<newline])
        buffer.removeSubrange(...newline)
        guard let value = JSONValue.parse(line) else {
          throw ClientFailure("the daemon sent a line that is not JSON")
        }
        return value
      }
      var chunk = [UInt8](repeating: 0, count: 65536)
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw ClientFailure("the daemon closed the connection") }
      buffer.append(contentsOf: chunk[..<count])
    }
  }
}
