import ArgumentParser

/// `--key NAME=STATUS` of `keymenuctl menu` and `alert`: a key that answers
/// with its own exit status, as rofi's custom keys.
struct AnswerKeyOption {
  /// The key's name as given (`red`, `KEY_F1`), sent as `answer_keys`.
  var name: String
  /// The exit status when it answers.
  var status: Int32

  /// Each `NAME=STATUS` in order; a ValidationError naming the first that
  /// is not one, or whose status `allowed` refuses (`example` shows one).
  static func parse(_ texts: [String], example: String, allowed: (Int32) -> Bool, range: String) throws
    -> [AnswerKeyOption]
  {
    try texts.map { text in
      guard let equals = text.lastIndex(of: "="), equals != text.startIndex,
        let status = Int32(text[text.index(after: equals)...]), allowed(status)
      else {
        throw ValidationError(
          "--key takes NAME=STATUS, such as \(example) (statuses \(range)), not '\(text)'")
      }
      return AnswerKeyOption(name: String(text[..<equals]), status: status)
    }
  }
}
