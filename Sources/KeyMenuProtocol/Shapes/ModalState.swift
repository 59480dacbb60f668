/// The modal stack as the protocol shows it: `state.get`'s result, the
/// params of `state.changed`, and the `state` of the subscription snapshot:
/// `{"stack":[…]}`, oldest first, the front last, each entry a
/// ``ModalPicture`` in its wire form. A deep stack is sent as a
/// window of its front entries (``maximumEntries``, ``maximumBytes``), with
/// ``total`` saying how many there are in all.
public struct ModalState: Codable, Sendable, Hashable {
  /// The entries, oldest first: the whole stack, or its front entries.
  public var stack: [ModalPicture]
  /// In a `state.changed` to a subscriber that fell behind: how many
  /// changes were coalesced into this one. Absent otherwise.
  public var skipped: Int?
  /// How many entries the whole stack has, when ``stack`` carries only the
  /// front ones; absent when it carries them all.
  public var total: Int?

  /// The most entries a state carries: the front ones of a deeper stack.
  public static let maximumEntries = 8
  /// The most bytes of entries a state carries (the front entry always,
  /// whatever its size): the entries behind it are left out from the first
  /// that would pass this, so no state outgrows a client's queue because of
  /// what others stacked, and an update to the front entry sends little
  /// more than that entry (presenters draw the front; what is behind it
  /// they count).
  public static let maximumBytes = 64 * 1024

  /// In the order of the keys on the wire (sorted): the synthesized
  /// `encode(to:)` writes them in this order (``OrderedJSONEncoder``).
  enum CodingKeys: String, CodingKey { case skipped, stack, total }

  /// The notification that carries the new state after each change, to
  /// subscribers of a modal kind's topic (`alert`, `menu`, `dialog`, ...).
  public static let changedMethod = "state.changed"

  /// Creates a state.
  public init(stack: [ModalPicture] = [], skipped: Int? = nil, total: Int? = nil) {
    self.stack = stack
    self.skipped = skipped
    self.total = total
  }
}
