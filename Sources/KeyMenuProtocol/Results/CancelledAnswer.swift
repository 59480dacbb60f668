/// `{"cancelled":true,"reason":…}`: the form every request answered by a
/// person (`prompt.show`, `checklist.show`, `radiolist.show`, `gauge.show`,
/// `textbox.show`) gives an answer that was not given, in one place.
enum CancelledAnswer {
  private enum CodingKeys: String, CodingKey { case cancelled, reason }

  /// The reason when `decoder` holds a cancelled answer; nil for any other answer.
  static func reason(in decoder: any Decoder) throws -> String? {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard try container.decodeIfPresent(Bool.self, forKey: .cancelled) == true else { return nil }
    return try container.decode(String.self, forKey: .reason)
  }

  /// Writes a cancelled answer with its reason.
  static func encode(reason: String, to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(true, forKey: .cancelled)
    try container.encode(reason, forKey: .reason)
  }
}
