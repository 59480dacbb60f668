extension JSONParser {
  /// Steps over `byte` if it is next; throws at the end of the input.
  mutating func consume(_ byte: UInt8) throws(Failure) -> Bool {
    guard index < bytes.count else { throw .syntax(offset: index) }
    guard bytes[index] == byte else { return false }
    index += 1
    return true
  }

  /// `value`, if `word` (`true`, `false`, `null`) is next.
  mutating func literal(_ word: String, _ value: JSONValue) throws(Failure) -> JSONValue {
    for byte in word.utf8 {
      guard index < bytes.count, bytes[index] == byte else { throw .syntax(offset: index) }
      index += 1
    }
    return value
  }

  /// Steps over JSON's whitespace: space, LF, CR, tab.
  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
      default: return
      }
    }
  }
}
