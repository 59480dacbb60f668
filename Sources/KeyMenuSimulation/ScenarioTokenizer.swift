/// Splits a scenario line into words; double quotes group words (inside
/// them `\n` is a line break, `\"` a quote and `\\` a backslash), `#`
/// outside quotes starts a comment. Single quotes group words too, keeping
/// double quotes and backslashes in them (a JSON value:
/// `items='[{"text":"A b"}]'`), where they open a word or the value after
/// a word's first `=`; elsewhere a single quote is a character (`Don't`).
/// Hand-written: the format is one line per step, and no library in reach
/// parses this small shell-like syntax.
enum ScenarioTokenizer {
  struct Failure: Error {
    var message: String
  }

  static func words(_ line: Substring) throws(Failure) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var hasWord = false
    var escaped = false
    for character in line {
      if escaped {
        current.append(character == "n" ? "\n" : character)
        escaped = false
        continue
      }
      if let open = quote {
        switch character {
        case open: quote = nil
        case "\\" where open == "\"": escaped = true
        default: current.append(character)
        }
        continue
      }
      switch character {
      case "\"":
        quote = character
        hasWord = true
      case "'" where opensValue(current):
        quote = character
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
    if quote != nil { throw Failure(message: "unterminated quote") }
    if hasWord { words.append(current) }
    return words
  }

  /// Whether a single quote after `current` (the word so far) opens a
  /// quoted part: at the word's start or right after its first `=`.
  private static func opensValue(_ current: String) -> Bool {
    current.isEmpty || (current.last == "=" && !current.dropLast().contains("="))
  }
}
