/// The bytes a box's result is written as, exactly as the real program
/// writes them: no newline after a text or a tag; a checklist's tags
/// space-separated, each in double quotes for whiptail (`"a" "b"`) and
/// quoted only where the shell needs it for dialog (every tag with
/// `--quoted`, `'` instead of `"` with `--single-quoted`); with
/// `--separate-output`, one tag per line, unquoted, each line ended.
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
    case .tags(let tags):
      if options.separateOutput { return tags.map { $0 + "\n" }.joined() }
      return tags.map(quoted).joined(separator: " ")
    }
  }

  /// One tag as the flavor quotes it in a checklist's result.
  func quoted(_ tag: String) -> String {
    switch flavor {
    case .whiptail:
      return "\"" + tag + "\""
    case .dialog:
      let quote: Character = options.singleQuoted ? "'" : "\""
      guard options.quoteAll || tag.isEmpty || tag.contains(where: Self.needsQuoting) else { return tag }
      var result = String(quote)
      for character in tag {
        if character == quote || character == "\\" { result.append("\\") }
        result.append(character)
      }
      result.append(quote)
      return result
    }
  }

  /// Characters after which dialog quotes a tag: white space and the
  /// shell's quoting and expansion characters.
  private static func needsQuoting(_ character: Character) -> Bool {
    character.isWhitespace || "\"'\\$`*?[]{}()<>|&;#~!".contains(character)
  }
}
