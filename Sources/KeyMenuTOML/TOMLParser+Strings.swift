extension TOMLParser {
  /// `"..."` or `"""..."""`, escapes decoded.
  mutating func parseBasicString() throws(TOMLError) -> String {
    let quote = UInt8(ascii: "\"")
    if source[offset + 1] == quote && source[offset + 2] == quote { return try parseMultiline(quote) }
    offset += 1
    var text: [UInt8] = []
    var run = offset
    while true {
      guard let byte else { throw unterminated(quote) }
      if byte == quote {
        text += source.bytes[run..<offset]
        offset += 1
        return String(decoding: text, as: UTF8.self)
      } else if byte == UInt8(ascii: "\\") {
        text += source.bytes[run..<offset]
        try parseEscape(into: &text, multiline: false)
        run = offset
      } else if Self.isControl(byte) {
        throw controlCharacter(quote)
      } else {
        offset += 1
      }
    }
  }

  /// `'...'` or `'''...'''`, taken as written.
  mutating func parseLiteralString() throws(TOMLError) -> String {
    let quote = UInt8(ascii: "'")
    if source[offset + 1] == quote && source[offset + 2] == quote { return try parseMultiline(quote) }
    offset += 1
    let start = offset
    while true {
      guard let byte else { throw unterminated(quote) }
      if byte == quote {
        offset += 1
        return String(decoding: source.bytes[start..<(offset - 1)], as: UTF8.self)
      }
      if Self.isControl(byte) { throw controlCharacter(quote) }
      offset += 1
    }
  }

  /// `"""..."""` or `'''...'''`: may span lines; a line break right after the
  /// opening quotes is not part of the text, `\r\n` reads as `\n`, and up to
  /// two quotes right before the closing three belong to the text.
  private mutating func parseMultiline(_ quote: UInt8) throws(TOMLError) -> String {
    let opener = offset
    let basic = quote == UInt8(ascii: "\"")
    offset += 3
    if byte == UInt8(ascii: "\n") {
      offset += 1
    } else if byte == UInt8(ascii: "\r"), source[offset + 1] == UInt8(ascii: "\n") {
      offset += 2
    }
    var text: [UInt8] = []
    var run = offset
    while true {
      guard let byte else {
        let quotes = String(repeating: basic ? "\"" : "'", count: 3)
        throw error(
          .string, "unterminated string: the \(quotes) opened here is never closed by another \(quotes)",
          at: opener)
      }
      if byte == quote, source[offset + 1] == quote, source[offset + 2] == quote {
        text += source.bytes[run..<offset]
        offset += 3
        for _ in 0..<2 where self.byte == quote {
          text.append(quote)
          offset += 1
        }
        return String(decoding: text, as: UTF8.self)
      }
      if basic && byte == UInt8(ascii: "\\") {
        text += source.bytes[run..<offset]
        try parseEscape(into: &text, multiline: true)
        run = offset
      } else if byte == UInt8(ascii: "\r") && source[offset + 1] == UInt8(ascii: "\n") {
        text += source.bytes[run..<offset]
        text.append(UInt8(ascii: "\n"))
        offset += 2
        run = offset
      } else if Self.isControl(byte) && byte != UInt8(ascii: "\n") {
        throw controlCharacter(quote)
      } else {
        offset += 1
      }
    }
  }

  /// After a backslash in a basic string: `\n`, `\"`, `\u00e9`, ...; in a
  /// multi-line string also a backslash ending a line, which drops the line
  /// break and the blanks after it.
  private mutating func parseEscape(into text: inout [UInt8], multiline: Bool) throws(TOMLError) {
    let backslash = offset
    offset += 1
    guard let escape = byte else { return }  // the string is unterminated: said next
    let simple: UInt8? =
      switch escape {
      case UInt8(ascii: "b"): 0x08
      case UInt8(ascii: "t"): 0x09
      case UInt8(ascii: "n"): 0x0A
      case UInt8(ascii: "f"): 0x0C
      case UInt8(ascii: "r"): 0x0D
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): escape
      default: nil
      }
    if let simple {
      text.append(simple)
      offset += 1
      return
    }
    if escape == UInt8(ascii: "u") || escape == UInt8(ascii: "U") {
      let count = escape == UInt8(ascii: "u") ? 4 : 8
      var value: UInt32 = 0
      for number in 1...count {
        guard let digit = source[offset + number].flatMap(Self.hexValue) else {
          let example = count == 4 ? "\\u00e9" : "\\U0001F600"
          throw error(
            .string, "\\\(Character(Unicode.Scalar(escape))) needs \(count) hex digits, as in \(example)",
            at: backslash)
        }
        value = value << 4 | UInt32(digit)
      }
      guard let scalar = Unicode.Scalar(value) else {
        let written = String(decoding: source.bytes[backslash..<(offset + count + 1)], as: UTF8.self)
        throw error(
          .string, "\(written) is not a Unicode scalar value (a surrogate or past U+10FFFF)", at: backslash)
      }
      text += Array(String(Character(scalar)).utf8)
      offset += count + 1
      return
    }
    if multiline
      && [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(escape)
    {
      skipSpaces()
      if byte == nil { return }
      guard
        byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && source[offset + 1] == UInt8(ascii: "\n"))
      else {
        throw error(
          .string, "a backslash before blanks must end its line; write \\\\ for a backslash", at: backslash)
      }
      while let byte {
        if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") {
          offset += 1
        } else if byte == UInt8(ascii: "\r"), source[offset + 1] == UInt8(ascii: "\n") {
          offset += 2
        } else {
          return
        }
      }
      return
    }
    throw error(
      .string,
      "invalid escape \\\(String(decoding: source.bytes[offset..<min(offset + 1, source.bytes.count)], as: UTF8.self)) "
        + "in a string; the escapes are \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX (write \\\\ for a backslash)",
      at: backslash)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// At a line break or the end inside a one-line string.
  private mutating func unterminated(_ quote: UInt8) -> TOMLError {
    let shape = quote == UInt8(ascii: "\"") ? "\"...\" string" : "'...' string"
    let multi = quote == UInt8(ascii: "\"") ? "\"\"\"...\"\"\"" : "'''...'''"
    return error(
      .string, "unterminated string: a \(shape) must end on its line (\(multi) may span lines)", at: offset)
  }

  /// At a control character in a string; a line break in a one-line string is an unterminated string.
  private mutating func controlCharacter(_ quote: UInt8) -> TOMLError {
    let lineBreak =
      byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && source[offset + 1] == UInt8(ascii: "\n"))
    if lineBreak { return unterminated(quote) }
    let advice =
      quote == UInt8(ascii: "\"")
      ? "write it as an escape such as \\t or \\u001b"
      : "a '...' string takes no escapes: use a \"...\" string with an escape such as \\u001b"
    return error(.string, "control character in a string: \(advice)", at: offset)
  }
}
