extension DialogParts {
  /// A line of typed text (`field`):
  /// `{"text":"••","masked":true,"cursor":2,"max_length":64|null}`. A masked
  /// field's text is bullets, one per character typed.
  public struct Field: Hashable, Sendable, Codable {
    /// The text as shown (`text`): what was typed, or one `•` per character
    /// when ``masked``.
    public var shown: String
    /// Whether the text is a secret, shown as bullets and never spoken.
    public var masked: Bool
    /// The cursor, in characters from the start of ``shown`` (0 to its count).
    public var cursor: Int
    /// The most characters the field takes (`max_length`, `null` when unlimited).
    public var maximumLength: Int?

    /// The bullet a masked character is shown as.
    public static let bullet: Character = "•"

    enum CodingKeys: String, CodingKey {
      case shown = "text"
      case masked, cursor
      case maximumLength = "max_length"
    }

    /// Creates a field.
    public init(shown: String, masked: Bool, cursor: Int, maximumLength: Int? = nil) {
      self.shown = shown
      self.masked = masked
      self.cursor = cursor
      self.maximumLength = maximumLength
    }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        shown: try container.decode(String.self, forKey: .shown),
        masked: try container.decode(Bool.self, forKey: .masked),
        cursor: try container.decode(Int.self, forKey: .cursor),
        maximumLength: try container.decodeIfPresent(Int.self, forKey: .maximumLength))
    }

    public func encode(to encoder: any Encoder) throws {
      // In the order of the keys on the wire (sorted): OrderedJSONEncoder writes them as they come.
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(cursor, forKey: .cursor)
      try container.encode(masked, forKey: .masked)
      try container.encodeOrNull(maximumLength, forKey: .maximumLength)
      try container.encode(shown, forKey: .shown)
    }
  }
}
