public import KeyMenuProtocol

/// What is in front, bottom to top, with everything a presenter needs.
///
/// Immutable and Codable: presenters and socket subscribers read only this,
/// never the engine's state. The last entry is in front; entries below it
/// are hidden until it goes.
public struct ModalSnapshot: Hashable, Sendable, Codable {
  /// The modal stack, bottom first: all of it in the daemon; for a client,
  /// the entries the daemon sent (the front ones, see ``omitted``).
  public var stack: [ModalPicture]
  /// How many entries lie behind ``stack`` and were not sent: a client of
  /// the socket gets a window of the front of a deep stack (`total` in
  /// `state.changed`); 0 in the daemon.
  public var omitted: Int

  /// Creates a snapshot.
  public init(stack: [ModalPicture] = [], omitted: Int = 0) {
    self.stack = stack
    self.omitted = omitted
  }

  /// The entry in front, if any.
  public var front: ModalPicture? { stack.last }

  /// How many entries the whole stack has, those not sent included.
  public var depth: Int { stack.count + omitted }

  enum CodingKeys: String, CodingKey { case stack, omitted }

  /// Decodes a snapshot; one without `omitted` is the whole stack.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      stack: try container.decode([ModalPicture].self, forKey: .stack),
      omitted: try container.decodeIfPresent(Int.self, forKey: .omitted) ?? 0)
  }
}

extension Notification.Name {
  /// What is in front changed; payload ``ModalSnapshot`` (the whole stack).
  /// Presenters observe this (tier passive) and draw or speak the front.
  public static let modalChanged: Self = "modal.changed"
}
