import KeyMenuPluginAPI
public import KeyMenuProtocol

/// The words for a dialog's parts besides its field: a page being read, a
/// list of choices, a gauge, an on-screen keyboard.
///
/// - Page: where it is and its first lines: `Lines 1 to 3 of 40. Copyright
///   2026. …`; scrolling says the line now on top.
/// - Choices: how many and the highlighted one with its mark:
///   `Checklist of 4. ssh, Secure shell, checked, 1 of 4`.
/// - Gauge: `42 percent`.
/// - Keyboard: the focused key, keys with a word said by it: `shift`,
///   `backspace`, `space`, `done`.
extension SpeechPhrases {
  /// How many lines of a page are read out when it is announced.
  static let pageLinesSpoken = 3

  /// A page announced: its position and its first lines.
  public static func page(_ page: ModalPicture.Page) -> String {
    let spoken = Array(page.lines.prefix(pageLinesSpoken))
    let last = min(page.first + spoken.count, page.total)
    let position = page.total == 0 ? "Empty text" : "Lines \(page.first + 1) to \(last) of \(page.total)"
    return joined([sentence(position)] + spoken.map { sentence($0) })
  }

  /// The line on top after scrolling, or `End of text`.
  public static func pageTop(_ page: ModalPicture.Page) -> String {
    guard let line = page.lines.first else { return "End of text" }
    let words = line.trimmed.isEmpty ? "Blank line" : line
    return "\(words), line \(page.first + 1) of \(page.total)"
  }

  /// The choices announced: how many, then the highlighted one.
  public static func choices(_ choices: ModalPicture.Choices) -> String {
    let noun =
      switch choices.marks {
      case .check: "Checklist"
      case .radio: "Radio list"
      case .none: "List"
      }
    return joined([sentence("\(noun) of \(choices.total)"), choice(choices)])
  }

  /// The highlighted choice: its tag, text, mark and position.
  public static func choice(_ choices: ModalPicture.Choices) -> String {
    guard let index = choices.highlight, choices.items.indices.contains(index) else { return "No choice" }
    let item = choices.items[index]
    var words: [String] = []
    if let tag = item.tag, !tag.trimmed.isEmpty, tag.trimmed != item.text.trimmed {
      words.append(tag.trimmed)
    }
    words.append(item.text.trimmed)
    switch choices.marks {
    case .check: words.append(item.marked ? "checked" : "not checked")
    case .radio: words.append(item.marked ? "selected" : "not selected")
    case .none: break
    }
    words.append("\(choices.offset + index + 1) of \(choices.total)")
    return words.joined(separator: ", ")
  }

  /// A gauge's progress: `42 percent`.
  public static func percent(_ percent: Int) -> String { "\(min(max(percent, 0), 100)) percent" }

  /// The focused key of an on-screen keyboard, said by name.
  public static func key(_ keyboard: ModalPicture.Keyboard) -> String {
    guard let label = keyboard.focused else { return "No key" }
    switch label {
    case ModalPicture.Keyboard.Key.backspace: return "backspace"
    case ModalPicture.Keyboard.Key.symbols: return "digits and symbols"
    case ModalPicture.Keyboard.Key.letters: return "letters"
    case " ": return "space"
    default:
      guard label.count == 1, let letter = label.first, letter.isLetter else { return label }
      return letter.isUppercase ? "capital " + label : label
    }
  }

  /// An on-screen keyboard announced: `On-screen keyboard, on a`.
  public static func keyboard(_ keyboard: ModalPicture.Keyboard) -> String {
    "On-screen keyboard, on " + key(keyboard)
  }
}
