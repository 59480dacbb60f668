/// What a dmenu command line asks for. The visual options (`-fn`, `-nb`,
/// `-nf`, `-sb`, `-sf`, `-m`, `-w`) and `-b`, `-f` are accepted and have
/// no effect on keymenu's presenters.
public struct DmenuArguments: Sendable, Hashable {
  /// `-p PROMPT`: shown as the menu's title.
  public var prompt: String?
  /// `-l LINES`: a vertical list of this many lines; without it (or 0 or
  /// less) the items are on one line, where Left and Right move between them.
  public var lines: Int?
  /// `-i`: match without regard to ASCII case (without it matching is
  /// case-sensitive).
  public var caseInsensitive = false
  /// `-b`: at the bottom of the screen.
  public var bottom = false

  /// No options.
  public init() {}
}

/// What a dmenu command line ends as.
public enum DmenuInvocation: Sendable, Hashable {
  /// `-v`: print the version, exit 0.
  case version
  /// `--help`: print keymenu-dmenu's help, exit 0.
  case help
  /// Read items and ask.
  case run(DmenuArguments)
}

/// Reads dmenu's command line as dmenu 5 does: each option a word of its
/// own, `-v` ends at once, and anything else (an unknown option, a stray
/// word, an option without its value) is a usage error (exit 1).
public enum DmenuArgumentParser {
  /// dmenu's usage line, printed on a usage error.
  public static let usage =
    "usage: dmenu [-bfiv] [-l lines] [-p prompt] [-fn font] [-m monitor]\n"
    + "             [-nb color] [-nf color] [-sb color] [-sf color] [-w windowid]"

  /// A usage error: the word that was not understood.
  public struct UsageError: Error, Sendable, Hashable {
    /// The word.
    public var word: String
  }

  /// Parses the arguments after the program name.
  public static func parse(_ arguments: [String]) throws(UsageError) -> DmenuInvocation {
    var result = DmenuArguments()
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      switch word {
      case "-v": return .version
      case "--help": return .help
      case "-b": result.bottom = true
      case "-f": break
      case "-i": result.caseInsensitive = true
      case "-l", "-p", "-fn", "-nb", "-nf", "-sb", "-sf", "-m", "-w":
        guard index < arguments.count else { throw UsageError(word: word) }
        let value = arguments[index]
        index += 1
        if word == "-p" { result.prompt = value }
        // dmenu reads -l with atoi: a word that is not a number is 0 lines.
        if word == "-l" { result.lines = atoi(value) }
      default:
        throw UsageError(word: word)
      }
    }
    return .run(result)
  }

  /// The C library's `atoi`: leading blanks, a sign, then as many digits as
  /// there are (`"5x"` is 5, `"x"` 0), held within a 32-bit int's range.
  static func atoi(_ word: String) -> Int {
    var rest = Substring(word).drop { " \t\n\u{0B}\u{0C}\r".contains($0) }
    var sign = 1
    if let first = rest.first, first == "-" || first == "+" {
      sign = first == "-" ? -1 : 1
      rest = rest.dropFirst()
    }
    var value = 0
    for character in rest {
      guard let digit = character.wholeNumberValue, character.isASCII else { break }
      value = min(value * 10 + digit, Int(Int32.max))
    }
    return sign * value
  }
}
