extension JSONParser {
  /// The number at `index`: `-`? (`0` | [1-9][0-9]*) (`.` [0-9]+)?
  /// ([eE] [+-]? [0-9]+)?.
  mutating func number() throws(Failure) -> Double {
    let start = index
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    var integer = 0
    var digits = 0
    var nonZero = false
    guard index < bytes.count, Self.isDigit(bytes[index]) else { throw .syntax(offset: index) }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while index < bytes.count, Self.isDigit(bytes[index]) {
        if digits < 18 { integer = integer * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
        digits += 1
        index += 1
      }
      nonZero = true
    }
    var plain = true
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      nonZero = try skipDigits() || nonZero
      plain = false
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      _ = try skipDigits()
      plain = false
    }
    // Up to 18 digits fit an Int exactly, and Double(Int) rounds to nearest
    // even as strtod does, so plain integers skip the text conversion.
    if plain, digits <= 18 {
      return negative ? (integer == 0 ? -0.0 : -Double(integer)) : Double(integer)
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    // JSONDecoder refuses what strtod rounds to an infinity or, from non-zero
    // digits, to zero.
    guard let value = Double(text), value.isFinite, value != 0 || !nonZero else {
      throw .numberOutOfRange(offset: start)
    }
    return value
  }

  /// Steps over one or more digits; `true` if one of them is not `0`.
  private mutating func skipDigits() throws(Failure) -> Bool {
    guard index < bytes.count, Self.isDigit(bytes[index]) else { throw .syntax(offset: index) }
    var nonZero = false
    while index < bytes.count, Self.isDigit(bytes[index]) {
      if bytes[index] != UInt8(ascii: "0") { nonZero = true }
      index += 1
    }
    return nonZero
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
