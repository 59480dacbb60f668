/// The generator's strings, numbers and dates.
extension TOMLDocumentGenerator {
  /// The body of a `"..."` string: plain and non-ASCII characters and every escape.
  mutating func basicText(length: Int) -> String {
    (0..<length).map { _ in
      random.pick([
        "a", "Z", "0", " ", "#", "[", "]", "{", "=", ",", ".", "'", "é", "😀", "中", "\u{2028}", "\t",
        "\\b", "\\t", "\\n", "\\f", "\\r", "\\\"", "\\\\", "\\u00E9", "\\u0000", "\\U0001F600", "\\u007F",
      ])
    }.joined()
  }

  /// The body of a `'...'` string: no escapes, and backslashes and double quotes as they are.
  mutating func literalText(length: Int) -> String {
    (0..<length).map { _ in random.pick(["a", " ", "\\", "\"", "#", "é", "😀", "\t", "]", "\\u00E9"]) }
      .joined()
  }

  /// `"""..."""` or `'''...'''` over a few lines, with quotes inside and, in
  /// basic ones, backslashes ending lines.
  mutating func multiline(basic: Bool) -> String {
    let quote = basic ? "\"" : "'"
    let newline = random.pick(["\n", "\r\n"])
    var text = String(repeating: quote, count: 3) + (random.chance(0.5) ? newline : "")
    for _ in 0..<random.int(0...3) {
      text += basic ? basicText(length: random.int(0...5)) : literalText(length: random.int(0...5))
      text += random.pick(["", quote, quote + quote, " "])
      if basic && random.chance(0.25) { text += "\\" + random.pick(["", " ", "\t "]) }
      text += newline + random.pick(["", "  ", "\t"])
    }
    return text + random.pick(["", quote, quote + quote]) + String(repeating: quote, count: 3)
  }

  mutating func integer() -> String {
    let value: UInt64 =
      switch random.int(0...9) {
      case 0...4: UInt64(random.int(0...1000))
      case 5...6: random.next() >> UInt64(random.int(1...60))
      case 7: UInt64(Int64.max) - UInt64(random.int(0...2))
      // 2^63 and 2^63 + 1 are out of range unless negative; past 2^64 out of any range.
      case 8: UInt64(Int64.max) + UInt64(random.int(0...2))
      default: random.next() >> 1
      }
    switch random.int(0...9) {
    case 0: return "0x" + grouped(String(value, radix: 16, uppercase: random.chance(0.5)))
    case 1: return "0o" + grouped(String(value, radix: 8))
    case 2: return "0b" + grouped(String(value, radix: 2))
    default: return random.pick(["", "", "+", "-"]) + grouped(String(value))
    }
  }

  /// Digits, sometimes with underscores between some of them.
  private mutating func grouped(_ digits: String) -> String {
    guard random.chance(0.3) else { return digits }
    var text = ""
    for (number, digit) in digits.enumerated() {
      if number > 0, random.chance(0.3) { text += "_" }
      text.append(digit)
    }
    return text
  }

  mutating func float() -> String {
    if random.chance(0.15) {
      return random.pick(["inf", "+inf", "-inf", "nan", "+nan", "-nan", "-0.0", "0e0"])
    }
    let whole = random.chance(0.3) ? "0" : grouped(String(random.int(1...999_999)))
    var text = random.pick(["", "", "+", "-"]) + whole
    let hasFraction = random.chance(0.7)
    if hasFraction { text += "." + grouped(String(random.int(0...99_999_999))) }
    if !hasFraction || random.chance(0.3) {
      let exponent = random.chance(0.8) ? random.int(0...30) : random.int(280...330)
      text +=
        random.pick(["e", "E"]) + random.pick(["", "+", "-"]) + (random.chance(0.2) ? "0" : "")
        + grouped(String(exponent))
    }
    return text
  }

  /// An offset or local date-time, a date or a time; now and then a day
  /// past the month's end, or February 29.
  mutating func dateTime() -> String {
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let year = random.int(1...9999)
    let month = random.int(1...12)
    var day = random.int(1...28)
    if random.chance(0.1) { day = random.pick([29, 30, 31]) }
    let date =
      String(repeating: "0", count: 4 - String(year).count) + String(year) + "-" + two(month) + "-" + two(day)
    var time = two(random.int(0...23)) + ":" + two(random.int(0...59)) + ":" + two(random.int(0...59))
    if random.chance(0.3) {
      time += "." + (0..<random.int(1...10)).map { _ in String(random.int(0...9)) }.joined()
    }
    switch random.int(0...3) {
    case 0: return date
    case 1: return time
    case 2: return date + random.pick(["T", "t", " "]) + time
    default:
      let offset =
        random.chance(0.3)
        ? random.pick(["Z", "z"])
        : random.pick(["+", "-"]) + two(random.int(0...23)) + ":" + two(random.int(0...59))
      return date + random.pick(["T", "t", " "]) + time + offset
    }
  }
}
