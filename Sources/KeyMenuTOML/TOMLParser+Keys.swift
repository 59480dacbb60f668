extension TOMLParser {
  /// Where a key is being read, for the message when none is there.
  enum KeyPlace {
    case header, keyValue, inlineTable

    var missing: String {
      switch self {
      case .header: "expected a key in the table header, such as [menus.main] or [[hotkeys]]"
      case .keyValue: "expected a key, such as name or \"quoted name\""
      case .inlineTable: "expected a key in the inline table, such as { title = \"...\" }"
      }
    }
  }

  /// A key of one or more parts joined by dots (`a`, `a."b c".d`, `'x'`),
  /// and the blanks after it.
  mutating func parseKey(_ place: KeyPlace) throws(TOMLError) -> [TOMLKey] {
    var keys: [TOMLKey] = []
    while true {
      skipSpaces()
      let start = offset
      guard let byte else { throw missingKey(place, first: keys.isEmpty) }
      let name: String
      if Self.isBareKeyByte(byte) {
        while let byte = self.byte, Self.isBareKeyByte(byte) { offset += 1 }
        name = String(decoding: source.bytes[start..<offset], as: UTF8.self)
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        if source[offset + 1] == byte && source[offset + 2] == byte {
          throw error(.syntax, "a key cannot be a multi-line string; quote it with \" or '", at: offset)
        }
        name = byte == UInt8(ascii: "\"") ? try parseBasicString() : try parseLiteralString()
      } else {
        throw missingKey(place, first: keys.isEmpty)
      }
      keys.append(TOMLKey(name: name, position: source.position(start)))
      if keys.count > Self.maximumDepth, let first = keys.first {
        try TOMLTree.checkDepth(keys.count, at: first.position)
      }
      skipSpaces()
      guard self.byte == UInt8(ascii: ".") else { return keys }
      offset += 1
    }
  }

  private mutating func missingKey(_ place: KeyPlace, first: Bool) -> TOMLError {
    let atLineEnd = byte.map { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } ?? true
    if place == .inlineTable && atLineEnd {
      return error(.syntax, Self.unclosedInlineTable, at: offset)
    }
    guard first else {
      return error(
        .syntax, "expected a key after the '.' of a dotted key, as in a.b, saw \(source.shown(offset))",
        at: offset)
    }
    // The header's message stands alone: what follows the [ is often another [.
    let saw = place == .header ? "" : ", saw \(source.shown(offset))"
    return error(.syntax, place.missing + saw, at: offset)
  }

  static let unclosedInlineTable =
    "missing } or , in an inline table: { key = value, ... } must close on its line"
}
