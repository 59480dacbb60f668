import KeyMenuCore

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

  /// Writes a string in quotes, escaping `"`, `\` and U+0000 to U+001F as
  /// `JSONEncoder` does, and also DEL, the C1 controls and the bidi-override
  /// and line-separator characters of ``ShownText`` (as `\u202e`): a JSON
  /// line printed on a terminal (`keymenuctl subscribe`, `call`) then holds
  /// nothing the terminal would act on, and reads back as the same string.
  mutating func write(string: String) {
    bytes.append(UInt8(ascii: "\""))
    // Copying the bytes and checking the copy is the fast way through a
    // String without unsafe pointers; the rare string that may need escapes
    // is then written again scalar by scalar.
    let start = bytes.count
    bytes.append(contentsOf: string.utf8)
    if bytes[start...].contains(where: Self.mayNeedEscaping) {
      bytes.removeSubrange(start...)
      for scalar in string.unicodeScalars {
        if scalar.isASCII, Self.needsEscaping(UInt8(scalar.value)) {
          writeEscape(for: scalar.value)
        } else if !scalar.isASCII, ShownText.isForbidden(scalar) {
          writeEscape(for: scalar.value)
        } else {
          bytes.append(contentsOf: String(scalar).utf8)
        }
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private static func needsEscaping(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
  }

  /// The bytes that start what ``needsEscaping(_:)`` or ``ShownText``
  /// escape: 0xC2 leads U+0080 to U+00BF (the C1 controls among them), 0xE2
  /// leads U+2000 to U+2FFF (the bidi and separator characters among them).
  private static func mayNeedEscaping(_ byte: UInt8) -> Bool {
    needsEscaping(byte) || byte == 0xC2 || byte == 0xE2
  }

  private mutating func writeEscape(for value: UInt32) {
    bytes.append(UInt8(ascii: "\\"))
    switch value {
    case 0x22, 0x5C: bytes.append(UInt8(value))
    case 0x08: bytes.append(UInt8(ascii: "b"))
    case 0x0C: bytes.append(UInt8(ascii: "f"))
    case 0x0A: bytes.append(UInt8(ascii: "n"))
    case 0x0D: bytes.append(UInt8(ascii: "r"))
    case 0x09: bytes.append(UInt8(ascii: "t"))
    default:
      bytes.append(UInt8(ascii: "u"))
      for shift in stride(from: 12, through: 0, by: -4) {
        bytes.append(Self.hexDigit(UInt8((value >> UInt32(shift)) & 0x0F)))
      }
    }
  }

  /// `0`-`9`, `a`-`f`: `JSONEncoder` writes `\u001f`, lowercase.
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }
}
