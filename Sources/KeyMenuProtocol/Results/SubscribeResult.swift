/// `events.subscribe`'s result: the topics now subscribed, and a snapshot of
/// the current state, so that the events that follow are changes to it.
public struct SubscribeResult: Codable, Sendable, Hashable {
  /// Every topic the connection is subscribed to, sorted.
  public var topics: [String]
  /// The state now.
  public var snapshot: Snapshot

  /// In the order of the keys on the wire (sorted): the synthesized
  /// `encode(to:)` writes them in this order (``OrderedJSONEncoder``).
  enum CodingKeys: String, CodingKey { case snapshot, topics }

  /// The state when the subscription began.
  public struct Snapshot: Codable, Sendable, Hashable {
    /// The modal stack.
    public var state: ModalState
    /// The devices, as `devices.list` shows them.
    public var devices: [DeviceEntry]

    /// In the order of the keys on the wire (sorted): the synthesized
    /// `encode(to:)` writes them in this order (``OrderedJSONEncoder``).
    enum CodingKeys: String, CodingKey { case devices, state }

    /// Creates a snapshot.
    public init(state: ModalState, devices: [DeviceEntry]) {
      self.state = state
      self.devices = devices
    }
  }

  /// Creates a result.
  public init(topics: [String], snapshot: Snapshot) {
    self.topics = topics
    self.snapshot = snapshot
  }
}
