/// Reads the unquoted values of TOML: booleans, integers, floats, dates and
/// times, from the run of characters that holds one.
enum TOMLScalarReader {
  /// What is wrong with a value; the parser adds the place.
  struct Problem: Error {
    var code: TOMLError.Code
    var message: String
  }

  typealias Bytes = ArraySlice<UInt8>

  /// The value `token` spells.
  static func read(_ token: Bytes) throws(Problem) -> TOMLValue.Kind {
    let text = String(decoding: token, as: UTF8.self)
    switch text {
    case "true": return .boolean(true)
    case "false": return .boolean(false)
    case "inf", "+inf": return .float(.infinity)
    case "-inf": return .float(-.infinity)
    case "nan", "+nan": return .float(.nan)
    case "-nan": return .float(-Double.nan)
    default: break
    }
    let bytes = Array(token)
    if bytes.count >= 5, bytes[0..<4].allSatisfy(isDigit), bytes[4] == UInt8(ascii: "-") {
      return .dateTime(try TOMLDateReader.dateTime(bytes, text: text))
    }
    if bytes.count >= 3, isDigit(bytes[0]), isDigit(bytes[1]), bytes[2] == UInt8(ascii: ":") {
      return .dateTime(try TOMLDateReader.localTime(bytes, text: text))
    }
    guard let first = bytes.first, isDigit(first) || first == UInt8(ascii: "+") || first == UInt8(ascii: "-")
    else {
      throw Problem(code: .syntax, message: "invalid value \(text): text needs quotes, as in \"\(text)\"")
    }
    return try number(bytes, text: text)
  }

  /// Whether `bytes` has the shape of a date, `1979-05-27`.
  static func isDate(_ bytes: Bytes) -> Bool {
    let bytes = Array(bytes)
    return bytes.count == 10 && bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-")
      && [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { isDigit(bytes[$0]) }
  }

  static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

  /// An integer or a float.
  private static func number(_ bytes: [UInt8], text: String) throws(Problem) -> TOMLValue.Kind {
    let invalid = Problem(code: .number, message: "invalid number \(text)")
    if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
      let radix: UInt64? =
        switch bytes[1] {
        case UInt8(ascii: "x"): 16
        case UInt8(ascii: "o"): 8
        case UInt8(ascii: "b"): 2
        default: nil
        }
      if let radix { return .integer(try prefixed(bytes[2...], radix: radix, text: text)) }
    }
    var index = 0
    let negative = bytes[0] == UInt8(ascii: "-")
    if bytes[0] == UInt8(ascii: "+") || negative { index = 1 }
    let integerStart = index
    index = try digits(bytes, from: index, text: text)
    guard index > integerStart else { throw invalid }
    if bytes[integerStart] == UInt8(ascii: "0") && index - integerStart > 1 {
      throw Problem(
        code: .number, message: "invalid number \(text): leading zeros are not allowed (0o17 is octal)")
    }
    guard index < bytes.count else {
      return .integer(try decimal(bytes[integerStart..<index], negative: negative, text: text))
    }
    if bytes[index] == UInt8(ascii: ".") {
      let fraction = index + 1
      index = try digits(bytes, from: fraction, text: text)
      guard index > fraction else {
        throw Problem(
          code: .number, message: "invalid number \(text): a decimal point needs digits on both sides")
      }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      let exponent = index
      index = try digits(bytes, from: exponent, text: text)
      guard index > exponent else {
        throw Problem(code: .number, message: "invalid number \(text): an exponent needs digits, as in 1e6")
      }
    }
    guard index == bytes.count else { throw invalid }
    let plain = String(
      decoding: bytes.filter { $0 != UInt8(ascii: "_") && $0 != UInt8(ascii: "+") }, as: UTF8.self)
    guard let value = Double(plain) else { throw invalid }
    return .float(value)
  }

  /// Digits from `start` with single underscores between them; returns where they end.
  private static func digits(_ bytes: [UInt8], from start: Int, text: String) throws(Problem) -> Int {
    var index = start
    while index < bytes.count {
      if isDigit(bytes[index]) {
        index += 1
      } else if bytes[index] == UInt8(ascii: "_") {
        guard index > start, isDigit(bytes[index - 1]), index + 1 < bytes.count, isDigit(bytes[index + 1])
        else {
          throw underscore(text)
        }
        index += 1
      } else {
        break
      }
    }
    return index
  }

  private static func underscore(_ text: String) -> Problem {
    Problem(code: .number, message: "invalid number \(text): an underscore must stand between two digits")
  }

  /// Decimal digits (and underscores) as a 64-bit integer.
  private static func decimal(_ digits: ArraySlice<UInt8>, negative: Bool, text: String) throws(Problem)
    -> Int64
  {
    var magnitude: UInt64 = 0
    for digit in digits where digit != UInt8(ascii: "_") {
      let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
      guard !overflow, !carry else { throw outOfRange(text) }
      magnitude = sum
    }
    if negative {
      guard magnitude <= UInt64(Int64.max) + 1 else { throw outOfRange(text) }
      return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
    }
    guard magnitude <= UInt64(Int64.max) else { throw outOfRange(text) }
    return Int64(magnitude)
  }

  /// `0x`, `0o` or `0b` digits: no sign, underscores between digits.
  private static func prefixed(_ digits: ArraySlice<UInt8>, radix: UInt64, text: String) throws(Problem)
    -> Int64
  {
    var magnitude: UInt64 = 0
    var previous: UInt8?
    for byte in digits {
      if byte == UInt8(ascii: "_") {
        guard previous != nil, previous != UInt8(ascii: "_") else { throw underscore(text) }
      } else {
        let value: UInt64? =
          switch byte {
          case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte - UInt8(ascii: "0"))
          case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt64(byte - UInt8(ascii: "a") + 10)
          case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt64(byte - UInt8(ascii: "A") + 10)
          default: nil
          }
        guard let value, value < radix else {
          throw Problem(
            code: .number,
            message: "invalid number \(text): '\(Character(Unicode.Scalar(byte)))' "
              + "is not a base-\(radix) digit")
        }
        let (times, overflow) = magnitude.multipliedReportingOverflow(by: radix)
        guard !overflow, times | value <= UInt64(Int64.max) else { throw outOfRange(text) }
        magnitude = times | value
      }
      previous = byte
    }
    guard previous != UInt8(ascii: "_") else { throw underscore(text) }
    return Int64(magnitude)
  }

  private static func outOfRange(_ text: String) -> Problem {
    Problem(
      code: .outOfRange,
      message: "integer \(text) does not fit in 64 bits (-9223372036854775808 to 9223372036854775807)")
  }
}
