/// The answer of a dialog that asks for nothing but to be read or waited
/// for (`gauge.show`, `textbox.show`), sent when it ends:
/// `{"closed":true,"reason":…}`, `key` (a person closed it with Enter or
/// OK) or `closed` (its client closed it), or `{"cancelled":true,"reason":…}`,
/// `escape` (Esc, Back, Exit) or `dismissed` (the panic chord, the plugin
/// stopping, its connection ending).
public enum DialogEndResult: Codable, Sendable, Hashable {
  /// Closed as asked, and how.
  case closed(reason: String)
  /// Left without reading or waiting to the end, and why.
  case cancelled(reason: String)

  /// A person closed it (Enter, OK).
  public static let key = "key"
  /// Its client closed it.
  public static let closedByClient = "closed"
  /// Esc, Back or Exit.
  public static let escape = "escape"
  /// The panic chord, the plugin stopping, its connection ending.
  public static let dismissed = "dismissed"

  private enum CodingKeys: String, CodingKey { case closed, reason }

  public init(from decoder: any Decoder) throws {
    if let reason = try CancelledAnswer.reason(in: decoder) {
      self = .cancelled(reason: reason)
      return
    }
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self = .closed(reason: try container.decode(String.self, forKey: .reason))
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .closed(let reason):
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(true, forKey: .closed)
      try container.encode(reason, forKey: .reason)
    case .cancelled(let reason):
      try CancelledAnswer.encode(reason: reason, to: encoder)
    }
  }
}
