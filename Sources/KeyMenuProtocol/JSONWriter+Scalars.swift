extension JSONWriter {
  /// Writes a number as `JSONEncoder` does: `Double.description` without a
  /// trailing `.0` (`1`, `-0`, `0.5`, `1e+16`, `5e-324`).
  mutating func write(number: Double) throws(Failure) {
    guard number.isFinite else { throw .nonFiniteNumber }
    // Whole numbers below 10^15 print as plain digits; writing them directly
    // skips the String that `description` allocates. -0 keeps its sign.
    if number.magnitude < 1e15, number.rounded(.towardZero) == number, !(number == 0 && number.sign == .minus)
    {
      write(integer: Int(number))
    } else {
      var text = number.description
      if text.hasSuffix(".0") { text.removeLast(2) }
      bytes.append(contentsOf: text.utf8)
    }
  }

  /// Writes the decimal digits of `integer`, with a `-` when negative.
  mutating func write(integer: Int) {
    if integer < 0 { bytes.append(UInt8(ascii: "-")) }
    var rest = integer.magnitude
    let start = bytes.count
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
      rest /= 10
    } while rest > 0
    bytes[start...].reverse()
  }

  /// Writes a string in quotes, escaping `"`, `\` and U+0000 to U+001F.
  mutating func write(string: String) {
    bytes.append(UInt8(ascii: "\""))
    // Copying the bytes and checking the copy is the fast way through a
    // String without unsafe pointers; the rare string that needs escapes
    // is then written again byte by byte.
    let start = bytes.count
    bytes.append(contentsOf: string.utf8)
    if bytes[start...].contains(where: Self.needsEscaping) {
      bytes.removeSubrange(start...)
      for byte in string.utf8 {
        if Self.needsEscaping(byte) { writeEscape(for: byte) } else { bytes.append(byte) }
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private static func needsEscaping(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  private mutating func writeEscape(for byte: UInt8) {
    bytes.append(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
    case 0x08: bytes.append(UInt8(ascii: "b"))
    case 0x0C: bytes.append(UInt8(ascii: "f"))
    case 0x0A: bytes.append(UInt8(ascii: "n"))
    case 0x0D: bytes.append(UInt8(ascii: "r"))
    case 0x09: bytes.append(UInt8(ascii: "t"))
    default:
      append("u00")
      bytes.append(Self.hexDigit(byte >> 4))
      bytes.append(Self.hexDigit(byte & 0x0F))
    }
  }

  /// `0`-`9`, `a`-`f`: `JSONEncoder` writes `\u001f`, lowercase.
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }
}
