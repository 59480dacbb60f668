extension TOMLParser {
  /// A string, number, boolean or date at the cursor; `inArray` picks the
  /// message when there is no value at all.
  mutating func parseScalar(inArray: Bool) throws(TOMLError) -> TOMLValue.Kind {
    let start = offset
    if byte == UInt8(ascii: "\"") { return .string(try parseBasicString()) }
    if byte == UInt8(ascii: "'") { return .string(try parseLiteralString()) }
    var end = tokenEnd(from: start)
    guard end > start else {
      if inArray {
        throw error(.syntax, "expected a value or ']' in the array, saw \(source.shown(start))", at: start)
      }
      let atLineEnd = byte.map { "\r\n#".utf8.contains($0) } ?? true
      let example = "such as \"text\", 3, true or [ ... ]"
      let message =
        atLineEnd
        ? "missing value after =, \(example)"
        : "expected a value after =, \(example); saw \(source.shown(start))"
      throw error(.syntax, message, at: start)
    }
    // A date, a space and a time are one value: 1979-05-27 07:32:00.
    if end - start == 10, TOMLScalarReader.isDate(source.bytes[start..<end]),
      source[end] == UInt8(ascii: " "),
      let first = source[end + 1], let second = source[end + 2], TOMLScalarReader.isDigit(first),
      TOMLScalarReader.isDigit(second), source[end + 3] == UInt8(ascii: ":")
    {
      end = tokenEnd(from: end + 1)
    }
    offset = end
    do {
      return try TOMLScalarReader.read(source.bytes[start..<end])
    } catch {
      throw self.error(error.code, error.message, at: start)
    }
  }

  /// The end of the run of characters a number, boolean or date can hold.
  private func tokenEnd(from start: Int) -> Int {
    var end = start
    while let byte = source[end] {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+"),
        UInt8(ascii: "."), UInt8(ascii: ":"):
        end += 1
      default:
        return end
      }
    }
    return end
  }
}
