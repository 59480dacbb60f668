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

  /// `text` without dialog's `--colors` codes: `\Z` and one of `0`–`7`,
  /// `b`, `B`, `u`, `U`, `r`, `R`, `n` (a colour, bold, underline,
  /// reverse, or back to normal); any other `\Z` stays, as dialog shows it.
  public static func withoutColours(_ text: String) -> String {
    guard text.contains("\\Z") else { return text }
    var result = ""
    var characters = text[...]
    while let character = characters.popFirst() {
      if character == "\\", characters.first == "Z", characters.dropFirst().first.map(isColourCode) == true {
        characters = characters.dropFirst(2)
        continue
      }
      result.append(character)
    }
    return result
  }

  private static func isColourCode(_ character: Character) -> Bool {
    "01234567bBuUrRn".contains(character)
  }
}
