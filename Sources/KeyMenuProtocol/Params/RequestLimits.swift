import KeyMenuCore

/// Checks on the text clients send, beyond the 64 KiB line: each title is
/// kept to what a person can read, so a client cannot make presenters, logs
/// and other subscribers carry its bulk, and no text that is shown or logged
/// may hold a character ``ShownText`` forbids (a control, DEL, a bidi
/// override or isolate, a line or paragraph separator), so that none reaches
/// a terminal, the console or the journal to act there.
public enum RequestLimits {
  /// `-32602` naming `field` when `text` is over ``ProtocolLimits/maximumTitleBytes``
  /// or holds a forbidden character.
  public static func title(_ text: String, field: String) throws(RPCError) {
    guard text.utf8.count <= ProtocolLimits.maximumTitleBytes else {
      throw .invalidParams("longer than \(ProtocolLimits.maximumTitleBytes) bytes", field: field)
    }
    try shown(text, field: field)
  }

  /// `-32602` naming `field` when an alert's message is over
  /// ``ProtocolLimits/maximumMessageBytes`` or holds a forbidden character
  /// other than a newline (a line break; a tab is refused).
  public static func message(_ text: String, field: String) throws(RPCError) {
    guard text.utf8.count <= ProtocolLimits.maximumMessageBytes else {
      throw .invalidParams("longer than \(ProtocolLimits.maximumMessageBytes) bytes", field: field)
    }
    try shown(text, field: field, allowingNewlines: true)
  }

  /// `-32602` naming `field` and the character when `text` holds one that
  /// ``ShownText`` forbids: `buttons.[1]: U+001B is not allowed (…)`.
  public static func shown(_ text: String, field: String, allowingNewlines: Bool = false) throws(RPCError) {
    if let scalar = ShownText.firstForbidden(in: text, allowingNewlines: allowingNewlines) {
      throw .invalidParams(
        "\(ShownText.name(scalar)) is not allowed (control and bidi-override characters are refused)",
        field: field)
    }
  }

  /// `text` cut at a character boundary to at most `bytes` bytes of UTF-8:
  /// what a client shows of text from elsewhere within a limit above.
  public static func clipped(_ text: String, toBytes bytes: Int) -> String {
    guard text.utf8.count > bytes else { return text }
    var result = ""
    var count = 0
    for character in text {
      let size = character.utf8.count
      guard count + size <= bytes else { break }
      result.append(character)
      count += size
    }
    return result
  }
}
