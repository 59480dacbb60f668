extension JSONParser {
  /// The string whose opening quote is at `index`; leaves `index` after the
  /// closing quote.
  mutating func string() throws(Failure) -> String {
    let start = index + 1
    index = start
    var ascii = true
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return try Self.text(bytes[start..<index - 1], ascii: ascii, offset: start)
      case UInt8(ascii: "\\"):
        return try escapedString(from: start)
      case 0..<0x20:
        throw .syntax(offset: index)
      default:
        if byte >= 0x80 { ascii = false }
        index += 1
      }
    }
    throw .syntax(offset: index)
  }

  /// The rest of a string that has escapes, from its first byte at `start`.
  private mutating func escapedString(from start: Int) throws(Failure) -> String {
    var utf8 = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return try Self.text(utf8[...], ascii: false, offset: start)
      case UInt8(ascii: "\\"):
        index += 1
        try unescape(into: &utf8)
      case 0..<0x20:
        throw .syntax(offset: index)
      default:
        utf8.append(byte)
        index += 1
      }
    }
    throw .syntax(offset: index)
  }

  /// Appends what the escape after a backslash stands for.
  private mutating func unescape(into utf8: inout [UInt8]) throws(Failure) {
    guard index < bytes.count else { throw .syntax(offset: index) }
    let letter = bytes[index]
    index += 1
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(letter)
    case UInt8(ascii: "b"): utf8.append(0x08)
    case UInt8(ascii: "f"): utf8.append(0x0C)
    case UInt8(ascii: "n"): utf8.append(0x0A)
    case UInt8(ascii: "r"): utf8.append(0x0D)
    case UInt8(ascii: "t"): utf8.append(0x09)
    case UInt8(ascii: "u"): utf8.append(contentsOf: try unicodeEscape().utf8)
    default: throw .syntax(offset: index - 1)
    }
  }

  /// The scalar of a `\u` escape whose four hex digits are at `index`,
  /// reading the low half that must follow a high surrogate.
  private mutating func unicodeEscape() throws(Failure) -> Unicode.Scalar {
    let offset = index
    let first = try hexQuad()
    switch first {
    case 0xD800...0xDBFF:
      guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
      else { throw .invalidString(offset: offset) }
      index += 2
      let second = try hexQuad()
      guard (0xDC00...0xDFFF).contains(second) else { throw .invalidString(offset: offset) }
      return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
    case 0xDC00...0xDFFF:
      throw .invalidString(offset: offset)
    default:
      return Unicode.Scalar(first)!
    }
  }

  /// Four hex digits (either case) at `index`.
  private mutating func hexQuad() throws(Failure) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count else { throw .syntax(offset: index) }
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw .syntax(offset: index)
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  /// `utf8` as a String: ASCII needs no check, anything else must be valid
  /// UTF-8 (the only place where bytes above 0x7F are accepted).
  private static func text(_ utf8: ArraySlice<UInt8>, ascii: Bool, offset: Int) throws(Failure) -> String {
    if ascii { return String(decoding: utf8, as: UTF8.self) }
    guard let text = String(validating: utf8, as: UTF8.self) else { throw .invalidString(offset: offset) }
    return text
  }
}
