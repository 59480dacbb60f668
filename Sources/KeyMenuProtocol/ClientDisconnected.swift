/// The last notification a client gets before keymenud closes its
/// connection on purpose (`client.disconnected`): why, as a stable word and
/// as a sentence for a person.
public struct ClientDisconnected: Hashable, Sendable, Codable {
  /// The notification's method name.
  public static let method = "client.disconnected"

  /// `slow-reader`: answers and notifications that cannot be coalesced
  /// piled up unread beyond ``ProtocolLimits/outboundLimitBytes``.
  public static let slowReader = "slow-reader"

  /// Why, as a stable word (`slow-reader`).
  public var reason: String
  /// Why, for a person.
  public var message: String

  /// Creates a notice.
  public init(reason: String, message: String) {
    self.reason = reason
    self.message = message
  }

  /// Reads the notice from a notification's params; nil if they are not one.
  public init?(params: JSONValue) {
    guard let notice = try? JSONValueDecoder.decode(Self.self, from: params) else { return nil }
    self = notice
  }

  /// The notification to send.
  public var notification: RPCOutgoing {
    // Two strings: encoding them cannot fail.
    .notification(method: Self.method, params: (try? JSONValueEncoder().encode(self)) ?? .object([:]))
  }
}
