extension SourceScanner {
  /// A value at `path`: arrays and inline tables are entered, everything
  /// else is skipped.
  mutating func scanValue(_ path: ConfigPath, key: TextPosition) {
    record(path, key: key, value: position)
    guard tooDeep == nil else { return }
    switch peek {
    case UInt8(ascii: "["):
      advance()
      var index = 0
      while true {
        skipBlanks(newlines: true)
        guard let byte = peek, byte != UInt8(ascii: "]") else { break }
        if byte == UInt8(ascii: ",") {
          advance()
          continue
        }
        if byte == UInt8(ascii: "}") { flagUnsafe("expected a value or ']' in the array, saw '}'") }
        let start = offset
        scanValue(path + [.index(index)], key: position)
        index += 1
        if offset == start { advance() }
      }
      advance()
    case UInt8(ascii: "{"):
      advance()
      while true {
        skipBlanks(newlines: true)
        guard let byte = peek, byte != UInt8(ascii: "}") else { break }
        if byte == UInt8(ascii: ",") {
          advance()
          continue
        }
        let start = offset
        let keyStart = position
        let keys = scanKey()
        skipBlanks(newlines: false)
        if !keys.isEmpty, peek == UInt8(ascii: "=") {
          advance()
          skipBlanks(newlines: false)
          recordPrefixes(of: keys, under: path, at: keyStart)
          scanValue(path + keys.map { .key($0) }, key: keyStart)
        }
        if offset == start { advance() }
      }
      advance()
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      _ = scanString()
    default:
      checkDateTime()
      while let byte = peek, !",]}#\r\n".utf8.contains(byte) { advance() }
    }
  }

  /// A date followed by `T` must go on with the time: toml++ asserts a digit
  /// there (`a = 1979-05-27T:` aborted `keymenud --check` and a reload;
  /// found by fuzz-config). No valid value has anything else after the `T`.
  private mutating func checkDateTime() {
    let digits = [0, 1, 2, 3, 5, 6, 8, 9]
    guard digits.allSatisfy({ peek($0).map(Self.isDigit) ?? false }), peek(4) == UInt8(ascii: "-"),
      peek(7) == UInt8(ascii: "-"), let separator = peek(10), separator | 0x20 == UInt8(ascii: "t"),
      !(peek(11).map(Self.isDigit) ?? false)
    else { return }
    flagUnsafe(
      "expected a time after '\(Character(Unicode.Scalar(separator)))', such as 1979-05-27T07:32:00")
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// A dotted key: `a`, `a.b`, `"quoted key".c`, `'literal'`.
  mutating func scanKey() -> [String] {
    var keys: [String] = []
    while true {
      skipBlanks(newlines: false)
      guard let byte = peek else { break }
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        keys.append(scanString())
      } else {
        var bare: [UInt8] = []
        while let byte = peek, Self.isBareKeyByte(byte) {
          bare.append(byte)
          advance()
        }
        guard !bare.isEmpty else { break }
        keys.append(String(decoding: bare, as: UTF8.self))
      }
      skipBlanks(newlines: false)
      guard peek == UInt8(ascii: ".") else { break }
      advance()
    }
    return keys
  }

  static func isBareKeyByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  /// Spaces and tabs; with `newlines`, also line breaks and comments.
  mutating func skipBlanks(newlines: Bool) {
    while let byte = peek {
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
        advance()
      } else if newlines && (byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")) {
        advance()
      } else if newlines && byte == UInt8(ascii: "#") {
        skipToLineEnd()
      } else {
        return
      }
    }
  }

  /// Up to and including the next line break (the rest is a comment or blank).
  mutating func skipToLineEnd() {
    while let byte = peek {
      advance()
      if byte == UInt8(ascii: "\n") { return }
    }
  }
}
