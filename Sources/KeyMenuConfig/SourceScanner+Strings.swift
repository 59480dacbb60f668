extension SourceScanner {
  /// A string of any of TOML's four kinds, starting at the quote; returns
  /// its text (escapes decoded for basic strings, which matters for quoted keys).
  mutating func scanString() -> String {
    guard let quote = peek else { return "" }
    let isBasic = quote == UInt8(ascii: "\"")
    if peek(1) == quote && peek(2) == quote {
      advance()
      advance()
      advance()
      return scanMultiline(quote: quote, basic: isBasic)
    }
    advance()
    var text: [UInt8] = []
    while let byte = peek, byte != UInt8(ascii: "\n") {
      advance()
      if byte == quote { break }
      if isBasic && byte == UInt8(ascii: "\\") {
        text += scanEscape()
      } else {
        text.append(byte)
      }
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The body of `"""..."""` or `'''...'''`, which may span lines and may end
  /// with up to two extra quotes that belong to the text.
  private mutating func scanMultiline(quote: UInt8, basic: Bool) -> String {
    var text: [UInt8] = []
    while let byte = peek {
      if byte == quote && peek(1) == quote && peek(2) == quote {
        advance()
        advance()
        advance()
        for _ in 0..<2 where peek == quote {
          text.append(quote)
          advance()
        }
        break
      }
      advance()
      if basic && byte == UInt8(ascii: "\\") {
        text += scanEscape()
      } else {
        text.append(byte)
      }
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// After a backslash: `\n`, `\"`, `\u00e9`, ... as UTF-8.
  private mutating func scanEscape() -> [UInt8] {
    guard let byte = peek else { return [] }
    advance()
    switch byte {
    case UInt8(ascii: "n"): return [0x0A]
    case UInt8(ascii: "t"): return [0x09]
    case UInt8(ascii: "r"): return [0x0D]
    case UInt8(ascii: "b"): return [0x08]
    case UInt8(ascii: "f"): return [0x0C]
    case UInt8(ascii: "e"): return [0x1B]
    case UInt8(ascii: "u"), UInt8(ascii: "U"):
      var digits: [UInt8] = []
      for _ in 0..<(byte == UInt8(ascii: "u") ? 4 : 8) {
        guard let digit = peek, (Character(Unicode.Scalar(digit))).isHexDigit else { break }
        digits.append(digit)
        advance()
      }
      let scalar = UInt32(String(decoding: digits, as: UTF8.self), radix: 16).flatMap(Unicode.Scalar.init)
      return scalar.map { Array(String($0).utf8) } ?? []
    default: return [byte]  // \" \\ and, in multiline strings, a line-ending backslash
    }
  }
}
