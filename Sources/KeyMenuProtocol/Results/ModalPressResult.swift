/// The result of `modal.press`: `{"pressed":"prompt-1","consumed":true}`,
/// the modal the key went to and whether it took it.
public struct ModalPressResult: Codable, Sendable, Equatable {
  /// The modal's id.
  public var pressed: String
  /// Whether the modal took the key (a key it does not use goes nowhere else).
  public var consumed: Bool

  /// In the order of the keys on the wire (sorted): the synthesized
  /// `encode(to:)` writes them in this order (``OrderedJSONEncoder``).
  enum CodingKeys: String, CodingKey { case consumed, pressed }

  /// Creates a result.
  public init(pressed: String, consumed: Bool) {
    self.pressed = pressed
    self.consumed = consumed
  }

  /// The result as a JSON value, made directly: `JSONValue(encoding:)`
  /// went through `Codable` for two members at every `modal.press`
  /// (5 % of the engine's time per key of keymenu-whiptail or -dmenu).
  public var jsonValue: JSONValue { .object(["consumed": .bool(consumed), "pressed": .string(pressed)]) }
}
