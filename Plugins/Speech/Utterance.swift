import KeyMenuCore

/// One thing the speech presenter says.
public struct Utterance: Hashable, Sendable, CustomStringConvertible {
  /// The words, as plain text (never SSML: `<` in a title is read as it is),
  /// with no control or bidi-override character (``ShownText/spoken(_:)``).
  public var text: String
  /// Whether it cuts off what is being said and drops what waits to be said;
  /// otherwise it waits its turn.
  public var interrupts: Bool

  /// Creates an utterance; by default it interrupts.
  public init(_ text: String, interrupts: Bool = true) {
    self.text = ShownText.spoken(text)
    self.interrupts = interrupts
  }

  /// `! text` when it interrupts, `+ text` when it waits: the golden-test form.
  public var description: String { (interrupts ? "! " : "+ ") + text }
}
