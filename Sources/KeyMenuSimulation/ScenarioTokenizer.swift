/// Splits a scenario line into words; double quotes group words (inside
/// them `\n` is a line break, `\"` a quote and `\\` a backslash), `#`
/// outside quotes starts a comment. Hand-written: the format is one line per step,
/// and no library in reach parses this small shell-like syntax.
enum ScenarioTokenizer {
  struct Failure: Error {
    var message: String
  }

  static func words(_ line: Substring) throws(Failure) -> [String] {
    var words: [String] = []
    var current = ""
    var inQuotes = false
    var hasWord = false
    var escaped = false
    for character in line {
      if escaped {
        current.append(character == "n" ? "\n" : character)
        escaped = false
        continue
      }
      if inQuotes {
        switch character {
        case "\"": inQuotes = false
        case "\\": escaped = true
        default: current.append(character)
        }
        continue
      }
      switch character {
      case "\"":
        inQuotes = true
        hasWord = true
      case "#":
        if hasWord { words.append(current) }
        return words
      case " ", "\t":
        if hasWord { words.append(current) }
        current = ""
        hasWord = false
      default:
        current.append(character)
        hasWord = true
      }
    }
    if inQuotes { throw Failure(message: "unterminated quote") }
    if hasWord { words.append(current) }
    return words
  }
}
