import KeyMenuCore
import KeyMenuProtocol
import KeyMenuServer

/// The connected clients, each with what it owns (``ClientSession``), and
/// the admins subscribed to raw keys, kept apart for the key path. Lives on
/// the engine thread with the core that owns it.
struct ConnectionBook {
  /// Every connected client's session, by connection number.
  private(set) var sessions: [Int: ClientSession] = [:]
  /// Clients subscribed to raw keys (admins only), by connection number.
  private(set) var keySubscribers: [Int: ClientHandle] = [:]
  /// The number the next `selector.wrap` gets (unique in the daemon).
  private var nextWrapperNumber = 1

  /// The session of connection `id`, while it is connected.
  subscript(id: Int) -> ClientSession? { sessions[id] }

  /// How many clients are connected.
  var count: Int { sessions.count }

  /// Starts a session for `client`.
  mutating func connect(_ client: ClientHandle) { sessions[client.id] = ClientSession(client: client) }

  /// Ends the session of connection `id`, and returns it.
  mutating func disconnect(_ id: Int) -> ClientSession? {
    keySubscribers[id] = nil
    return sessions.removeValue(forKey: id)
  }

  /// Sends `client` every key event from now on.
  mutating func subscribeToKeys(_ client: ClientHandle) { keySubscribers[client.id] = client }

  /// A new wrapper number, for a plugin's `selector.wrap`.
  mutating func takeWrapperNumber() -> Int {
    defer { nextWrapperNumber += 1 }
    return nextWrapperNumber
  }

  /// Sends a key event to the raw-key subscribers, if there are any.
  func sendKey(_ key: KeyEvent) {
    guard !keySubscribers.isEmpty else { return }
    let line = SharedLine(RPCOutgoing.notificationLine(method: KeyNotice.method, encoding: KeyNotice(key)))
    for client in keySubscribers.values { client.send(notification: line, coalescing: .never) }
  }
}
