/// The bytes a box's result is written as, exactly as the real program
/// writes them: no newline after a text or a tag; a checklist's tags
/// space-separated, each in double quotes for whiptail (`"a" "b"`) and
/// quoted only where the shell needs it for dialog (`'` instead of `"` with
/// `--single-quoted`; `--quoted` quotes a menu's or radiolist's tag the
/// same way); with `--separate-output`, one tag per line, unquoted, each
/// line ended; dialog's `--output-separator` before each tag instead of the
/// space (after each with `--separate-output`, instead of the newline).
public struct DialogResultWriter: Sendable {
  /// Whose quoting applies.
  public let flavor: CompatFlavor
  /// The options (`--separate-output`, `--quoted`, `--single-quoted`).
  public let options: DialogOptions

  /// A writer.
  public init(flavor: CompatFlavor, options: DialogOptions) {
    self.flavor = flavor
    self.options = options
  }

  /// The bytes of `result`.
  public func bytes(_ result: DialogResult) -> [UInt8] {
    Array(text(result).utf8)
  }

  /// The text of `result`.
  public func text(_ result: DialogResult) -> String {
    switch result {
    case .nothing: return ""
    case .text(let text): return text
    case .tag(let tag): return flavor == .dialog && options.quoteAll ? quotedWhereNeeded(tag) : tag
    case .tags(let tags):
      if options.separateOutput {
        let each = flavor == .dialog && options.quoteAll ? tags.map(quotedWhereNeeded) : tags
        return each.map { $0 + (options.outputSeparator ?? "\n") }.joined()
      }
      let quoted = tags.map(quoted)
      // dialog puts its separator before each tag when one is given.
      if let separator = options.outputSeparator { return quoted.map { separator + $0 }.joined() }
      return quoted.joined(separator: " ")
    }
  }

  /// One tag as the flavor quotes it in a checklist's result.
  func quoted(_ tag: String) -> String {
    switch flavor {
    case .whiptail: "\"" + tag + "\""
    case .dialog: quotedWhereNeeded(tag)
    }
  }

  /// A string as dialog's `dlg_add_quoted` writes it: in quotes (`'` with
  /// `--single-quoted`) when it is empty or holds the quote, white space or
  /// one of the shell's special characters, those that need it (the
  /// quote, a backslash, a newline and, in double quotes, the special
  /// characters) preceded by a backslash; else as it is.
  func quotedWhereNeeded(_ string: String) -> String {
    let quote: Character = options.singleQuoted ? "'" : "\""
    let needsQuotes =
      string.isEmpty || string.contains { $0 == quote || "\n\t ".contains($0) || Self.special.contains($0) }
    guard needsQuotes else { return string }
    let escaped = options.singleQuoted ? "\n\\" : Self.special
    var result = String(quote)
    for character in string {
      if character == quote || escaped.contains(character) { result.append("\\") }
      result.append(character)
    }
    result.append(quote)
    return result
  }

  /// dialog's `FIX_DOUBLE`: the characters that make a string quoted, and
  /// are escaped inside double quotes.
  private static let special = "\n\\[]{}?*;`~#$^&()|<>"
}
