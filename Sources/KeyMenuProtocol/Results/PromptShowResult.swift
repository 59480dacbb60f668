/// The answer of `prompt.show`, sent when the prompt ends: `{"text":"…"}`
/// when a person accepted it (Enter, the OK button), or
/// `{"cancelled":true,"reason":…}`: `escape` (Esc, Back, Exit), `cancel`
/// (the Cancel button) or `dismissed` (its owner, the panic chord, the
/// plugin stopping).
public enum PromptShowResult: Codable, Sendable, Hashable {
  /// Accepted: the text typed (the secret itself for a masked prompt: only
  /// the caller gets it).
  case text(String)
  /// Ended without an answer, and why.
  case cancelled(reason: String)

  /// The reason of a prompt cancelled with Esc.
  public static let escape = "escape"
  /// The reason of a prompt ended with its Cancel button.
  public static let cancel = "cancel"
  /// The reason of a prompt its owner (or the daemon) ended.
  public static let dismissed = "dismissed"

  private enum CodingKeys: String, CodingKey { case text }

  public init(from decoder: any Decoder) throws {
    if let reason = try CancelledAnswer.reason(in: decoder) {
      self = .cancelled(reason: reason)
      return
    }
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self = .text(try container.decode(String.self, forKey: .text))
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .text(let text):
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(text, forKey: .text)
    case .cancelled(let reason):
      try CancelledAnswer.encode(reason: reason, to: encoder)
    }
  }
}
