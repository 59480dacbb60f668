/// The one policy for text keymenu did not write itself (titles, messages
/// and items from clients and plugins, device names, configuration strings)
/// on its way to a person: a terminal, the console, speech, a notification,
/// a log line.
///
/// Some characters are never passed on raw, because a terminal or a log
/// reader acts on them instead of showing them: C0 controls (U+0000–U+001F:
/// ESC starts escape sequences, BEL, CR and BS move or sound, newline splits
/// a journal line), DEL, C1 controls (U+0080–U+009F: U+009B is a one-byte
/// CSI), the bidi embedding, override and isolate characters (U+202A–U+202E,
/// U+2066–U+2069, which reorder what follows them so that a button can read
/// as another) and the Unicode line and paragraph separators (U+2028,
/// U+2029). Requests carrying them are refused at the protocol boundary; text
/// from anywhere else is shown with them made visible by ``visible(_:keepingNewlines:)``
/// (a screen) or ``escaped(_:)`` (a log line).
public enum ShownText {
  /// Whether `scalar` is one of the characters that never reach a person raw.
  public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
    default: return false
    }
  }

  /// The first forbidden character of `text` (a newline is allowed when
  /// `allowingNewlines`), or nil when the text may be shown as it is.
  public static func firstForbidden(in text: String, allowingNewlines: Bool = false) -> Unicode.Scalar? {
    text.unicodeScalars.first { isForbidden($0) && !(allowingNewlines && $0 == "\n") }
  }

  /// Whether `text` holds no forbidden character (newlines allowed when `allowingNewlines`).
  public static func isClean(_ text: String, allowingNewlines: Bool = false) -> Bool {
    firstForbidden(in: text, allowingNewlines: allowingNewlines) == nil
  }

  /// `text` for a screen: each C0 control and DEL becomes its Unicode
  /// control picture (ESC `␛`, BEL `␇`, CR `␍`, BS `␈`, DEL `␡`, a newline
  /// `␊` unless `keepingNewlines`), each other forbidden character its code
  /// in angle brackets (`<U+202E>`). Every replacement is one column per
  /// character, so column counting sees what is drawn.
  public static func visible(_ text: String, keepingNewlines: Bool = false) -> String {
    guard !isClean(text, allowingNewlines: keepingNewlines) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if !isForbidden(scalar) || (keepingNewlines && scalar == "\n") {
        result.append(scalar)
      } else if scalar.value < 0x20 {
        result.append(Unicode.Scalar(0x2400 + scalar.value)!)
      } else if scalar.value == 0x7F {
        result.append("\u{2421}")
      } else {
        result.append(contentsOf: "<U+\(hex(scalar.value, digits: 4))>".unicodeScalars)
      }
    }
    return String(result)
  }

  /// `text` for one log line: newline, CR and tab as `\n`, `\r`, `\t`, other
  /// C0 controls and DEL as `\xHH`, the other forbidden characters as
  /// `\u{HHHH}`; a backslash stays as it is. The result never holds a
  /// control character, so one log call stays one journal line.
  public static func escaped(_ text: String) -> String {
    guard !isClean(text) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where !isForbidden(scalar): result.unicodeScalars.append(scalar)
      case _ where scalar.value <= 0x7F: result += "\\x" + hex(scalar.value, digits: 2)
      default: result += "\\u{" + hex(scalar.value, digits: 4) + "}"
      }
    }
    return result
  }

  /// `text` for a speech synthesiser: each forbidden character (a newline
  /// too) becomes a space, since a picture of ESC means nothing spoken and a
  /// synthesiser must not be driven by what it reads.
  public static func spoken(_ text: String) -> String {
    guard !isClean(text) else { return text }
    return String(String.UnicodeScalarView(text.unicodeScalars.map { isForbidden($0) ? " " : $0 }))
  }

  /// How a forbidden character is named in an error message: `U+001B`.
  public static func name(_ scalar: Unicode.Scalar) -> String { "U+" + hex(scalar.value, digits: 4) }

  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
