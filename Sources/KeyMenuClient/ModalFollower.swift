public import KeyMenuPluginAPI
import KeyMenuProtocol

/// Follows the modal state over one connection: the `events.subscribe`
/// request to send, then each line read back turned into the snapshot now in
/// front (the subscription's snapshot first, then every `state.changed`).
///
/// Pure: no I/O, so a presenter's loop only carries lines in and pictures out.
public struct ModalFollower: Sendable {
  /// The request id of the subscription.
  public static let subscribeID = 1

  /// What one line changed.
  public enum Outcome: Hashable, Sendable {
    /// Nothing a presenter shows (another notification, a repeat).
    case unchanged
    /// The modal stack is now this.
    case changed(ModalSnapshot)
    /// The daemon refused the subscription (its message).
    case refused(String)
  }

  /// The state known so far (empty until the subscription is answered).
  public private(set) var snapshot = ModalSnapshot()
  /// Whether the subscription has been answered.
  public private(set) var subscribed = false

  /// Creates a follower for a new connection.
  public init() {}

  /// The line to send first: `events.subscribe` to `state`, whose lines
  /// are `state.changed` alone (not the kinds' own `menu.*` or `alert.*`
  /// notifications as well, which the daemon would encode and this side
  /// parse for nothing at every change).
  public static var subscribeRequest: [UInt8] {
    RPCRequest(
      id: .number(subscribeID), method: "events.subscribe",
      params: JSONValue(encoding: SubscribeParams(topics: [MethodCatalog.stateTopic]))
    ).line()
  }

  /// Takes one line from the daemon.
  public mutating func receive(line: some Collection<UInt8>) -> Outcome {
    guard let message = JSONValue.parse(Array(line)) else { return .unchanged }
    let next: ModalSnapshot
    if let method = message["method"]?.stringValue {
      // A stack that does not read as one (not the protocol's shape) changes nothing.
      guard method == ModalState.changedMethod, subscribed,
        let state = try? ModalState(wire: message["params"] ?? .null)
      else { return .unchanged }
      next = ModalSnapshot(state)
    } else if message["id"] == RPCID.number(Self.subscribeID).jsonValue {
      if let error = message["error"] {
        return .refused(error["message"]?.stringValue ?? "events.subscribe was refused")
      }
      subscribed = true
      let result = try? (message["result"] ?? .null).decoded(as: SubscribeResult.self)
      next = ModalSnapshot(result?.snapshot.state ?? ModalState())
      snapshot = next
      return .changed(next)
    } else {
      return .unchanged
    }
    guard next != snapshot else { return .unchanged }
    snapshot = next
    return .changed(next)
  }
}
