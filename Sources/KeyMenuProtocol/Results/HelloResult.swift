/// `hello`'s result: who answers, and what this connection may do.
public struct HelloResult: Codable, Sendable, Hashable {
  /// `keymenud`.
  public var name: String
  /// The daemon's version.
  public var version: String
  /// The protocol version (``ProtocolLimits/version``).
  public var protocolVersion: Int
  /// This connection's tier: `observe`, `drive` or `admin`.
  public var tier: String
  /// The methods this connection may call, sorted.
  public var capabilities: [String]
  /// The topics this connection may subscribe to, sorted.
  public var topics: [String]

  /// In the order of the keys on the wire (sorted): the synthesized
  /// `encode(to:)` writes them in this order (OrderedJSONEncoder).
  enum CodingKeys: String, CodingKey {
    case capabilities, name
    case protocolVersion = "protocol"
    case tier, topics, version
  }

  /// Creates a result.
  public init(
    name: String = "keymenud", version: String, protocolVersion: Int = ProtocolLimits.version, tier: String,
    capabilities: [String], topics: [String]
  ) {
    self.name = name
    self.version = version
    self.protocolVersion = protocolVersion
    self.tier = tier
    self.capabilities = capabilities
    self.topics = topics
  }
}
