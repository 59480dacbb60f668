/// A key typed on the script's own terminal while a box is drawn there,
/// as the key chord `modal.press` takes (`KEY_DOWN`, `shift+KEY_A`,
/// `ctrl+KEY_C`): keymenu-whiptail presses it on its box, so the terminal
/// moves, types and answers as keymenu's own keyboards do.
///
/// A character also carries its ``text``: the terminal has applied its own
/// keyboard layout already, so the box types exactly that (`é` too). Its
/// key is the US key that types it (Shift for capitals and symbols), for
/// kinds that act by key; a character no US key types is `KEY_UNKNOWN`.
public struct TerminalKey: Sendable, Hashable {
  /// The chord: modifiers and an evdev key name joined by `+`.
  public var chord: String
  /// What it types, for a printable character; nil for other keys.
  public var text: String?

  /// A key by its chord, and what it types.
  public init(_ chord: String, text: String? = nil) {
    self.chord = chord
    self.text = text
  }

  /// The keys in one read from the terminal (in raw mode a read returns
  /// what one key press sent, or a few): a lone ESC byte is Esc; an ESC
  /// followed by `[` or `O` starts an escape sequence (an arrow, a function
  /// key, with xterm's modifier parameter); ESC before another character is
  /// that character with Alt. Sequences this does not know are dropped.
  public static func decode(_ bytes: [UInt8]) -> [TerminalKey] {
    var keys: [TerminalKey] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == 0x1B {
        guard index < bytes.count, bytes[index] != 0x1B else {
          keys.append(TerminalKey("KEY_ESC"))
          continue
        }
        if bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "O") {
          let start = index + 1
          var end = start
          while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
          if end < bytes.count,
            let key = sequence(introducer: bytes[index], bytes[start..<end], final: bytes[end])
          {
            keys.append(key)
          }
          index = end + 1
          continue
        }
        // Alt with the next character.
        let (key, next) = character(bytes, at: index)
        index = next
        if let key { keys.append(TerminalKey("alt+" + key.chord)) }  // a command: no text
        continue
      }
      let (key, next) = character(bytes, at: index - 1)
      index = next
      if let key { keys.append(key) }
    }
    return keys
  }

  /// The key of the character (a byte, or a UTF-8 sequence) at `index`,
  /// and where the next one starts.
  private static func character(_ bytes: [UInt8], at index: Int) -> (TerminalKey?, Int) {
    let byte = bytes[index]
    guard byte < 0x80 else {
      // A character beyond ASCII: its text, when it is valid UTF-8.
      var next = index + 1
      while next < bytes.count, bytes[next] & 0xC0 == 0x80 { next += 1 }
      let text = String(validating: bytes[index..<next], as: UTF8.self)
      return (text.map { TerminalKey("KEY_UNKNOWN", text: $0) }, next)
    }
    return (ascii(byte), index + 1)
  }

  /// The key of an ASCII byte: controls, letters, digits and punctuation.
  static func ascii(_ byte: UInt8) -> TerminalKey? {
    switch byte {
    case 0x0D, 0x0A: return TerminalKey("KEY_ENTER")
    case 0x09: return TerminalKey("KEY_TAB")
    case 0x08, 0x7F: return TerminalKey("KEY_BACKSPACE")
    case 0x20: return TerminalKey("KEY_SPACE", text: " ")
    case 0x01...0x1A: return TerminalKey("ctrl+KEY_" + String(UnicodeScalar(byte + 0x40)))
    default: break
    }
    let text = String(UnicodeScalar(byte))
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"): return TerminalKey("KEY_" + text.uppercased(), text: text)
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): return TerminalKey("shift+KEY_" + text, text: text)
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return TerminalKey("KEY_" + text, text: text)
    default:
      guard let (name, shifted) = punctuation[Character(text)] else { return nil }
      return TerminalKey((shifted ? "shift+" : "") + name, text: text)
    }
  }

  /// The keys of a CSI (`ESC [`) or SS3 (`ESC O`) sequence, as xterm and
  /// tmux send them; nil for one this does not know.
  private static func sequence(introducer: UInt8, _ parameters: ArraySlice<UInt8>, final: UInt8)
    -> TerminalKey?
  {
    let numbers = String(decoding: parameters, as: UTF8.self).split(separator: ";").map { Int($0) }
    let modifier = numbers.count > 1 ? numbers[1] ?? 1 : 1
    var name: String?
    switch final {
    case UInt8(ascii: "A"): name = "KEY_UP"
    case UInt8(ascii: "B"): name = "KEY_DOWN"
    case UInt8(ascii: "C"): name = "KEY_RIGHT"
    case UInt8(ascii: "D"): name = "KEY_LEFT"
    case UInt8(ascii: "H"): name = "KEY_HOME"
    case UInt8(ascii: "F"): name = "KEY_END"
    case UInt8(ascii: "Z") where introducer == UInt8(ascii: "["): return TerminalKey("shift+KEY_TAB")
    case UInt8(ascii: "M") where introducer == UInt8(ascii: "O"): name = "KEY_KPENTER"
    case UInt8(ascii: "P")...UInt8(ascii: "S") where introducer == UInt8(ascii: "O"):
      name = "KEY_F\(Int(final) - Int(UInt8(ascii: "P")) + 1)"
    case UInt8(ascii: "~"):
      name = (numbers.first ?? nil).flatMap { tilde[$0] }
    default: name = nil
    }
    guard let name else { return nil }
    return TerminalKey(modifierPrefix(modifier) + name)
  }

  /// xterm's modifier parameter (1 + Shift 1, Alt 2, Ctrl 4) as chord words.
  private static func modifierPrefix(_ parameter: Int) -> String {
    let bits = max(parameter - 1, 0)
    var words: [String] = []
    if bits & 4 != 0 { words.append("ctrl") }
    if bits & 2 != 0 { words.append("alt") }
    if bits & 1 != 0 { words.append("shift") }
    return words.map { $0 + "+" }.joined()
  }

  /// `ESC [ N ~` keys.
  private static let tilde: [Int: String] = [
    1: "KEY_HOME", 2: "KEY_INSERT", 3: "KEY_DELETE", 4: "KEY_END", 5: "KEY_PAGEUP", 6: "KEY_PAGEDOWN",
    7: "KEY_HOME", 8: "KEY_END", 11: "KEY_F1", 12: "KEY_F2", 13: "KEY_F3", 14: "KEY_F4", 15: "KEY_F5",
    17: "KEY_F6", 18: "KEY_F7", 19: "KEY_F8", 20: "KEY_F9", 21: "KEY_F10", 23: "KEY_F11", 24: "KEY_F12",
  ]

  /// The US keys of ASCII punctuation, and whether Shift types it.
  private static let punctuation: [Character: (name: String, shifted: Bool)] = {
    let pairs: [(String, Character, Character)] = [
      ("KEY_1", "1", "!"), ("KEY_2", "2", "@"), ("KEY_3", "3", "#"), ("KEY_4", "4", "$"),
      ("KEY_5", "5", "%"), ("KEY_6", "6", "^"), ("KEY_7", "7", "&"), ("KEY_8", "8", "*"),
      ("KEY_9", "9", "("), ("KEY_0", "0", ")"), ("KEY_MINUS", "-", "_"), ("KEY_EQUAL", "=", "+"),
      ("KEY_LEFTBRACE", "[", "{"), ("KEY_RIGHTBRACE", "]", "}"), ("KEY_SEMICOLON", ";", ":"),
      ("KEY_APOSTROPHE", "'", "\""), ("KEY_GRAVE", "`", "~"), ("KEY_BACKSLASH", "\\", "|"),
      ("KEY_COMMA", ",", "<"), ("KEY_DOT", ".", ">"), ("KEY_SLASH", "/", "?"),
    ]
    var table: [Character: (name: String, shifted: Bool)] = [:]
    for (name, plain, shifted) in pairs {
      table[plain] = (name, false)
      table[shifted] = (name, true)
    }
    return table
  }()
}
