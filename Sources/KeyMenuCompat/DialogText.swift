/// The text rules whiptail and dialog apply to a box's text.
public enum DialogText {
  /// `text` with each `\n` written out (a backslash and an `n`, as scripts
  /// pass it in single quotes) turned into a line break, as whiptail's
  /// `cleanNewlines` and dialog (without `--no-nl-expand`) do.
  public static func expandingNewlines(_ text: String) -> String {
    guard text.contains("\\n") else { return text }
    var result = ""
    var iterator = text.makeIterator()
    var pending: Character?
    while let character = pending ?? iterator.next() {
      pending = nil
      guard character == "\\" else {
        result.append(character)
        continue
      }
      let following = iterator.next()
      if following == "n" {
        result.append("\n")
      } else {
        result.append(character)
        pending = following
      }
    }
    return result
  }
}
