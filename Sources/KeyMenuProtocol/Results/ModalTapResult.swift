/// The result of `modal.tap`: `{"tapped":"menu-2","consumed":true}`, the
/// modal tapped and whether it did something with the tap.
public struct ModalTapResult: Codable, Sendable, Equatable {
  /// The modal's id.
  public var tapped: String
  /// Whether the modal took the tap (an item outside its list, a kind
  /// that takes no taps: false).
  public var consumed: Bool

  /// In the order of the keys on the wire (sorted).
  enum CodingKeys: String, CodingKey { case consumed, tapped }

  /// Creates a result.
  public init(tapped: String, consumed: Bool) {
    self.tapped = tapped
    self.consumed = consumed
  }
}
