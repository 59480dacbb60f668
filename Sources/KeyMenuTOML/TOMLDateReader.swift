/// Reads TOML's dates and times (RFC 3339): `1979-05-27T07:32:00.999-07:00`,
/// `1979-05-27 07:32:00`, `1979-05-27`, `07:32:00`.
enum TOMLDateReader {
  typealias Problem = TOMLScalarReader.Problem

  /// An offset or local date-time, or a local date.
  static func dateTime(_ bytes: [UInt8], text: String) throws(Problem) -> TOMLDateTime {
    guard TOMLScalarReader.isDate(bytes[...].prefix(10)) else {
      throw Problem(code: .dateTime, message: "invalid date \(text); dates look like 1979-05-27")
    }
    let date = TOMLDateTime.Date(
      year: number(bytes, 0, 4), month: number(bytes, 5, 2), day: number(bytes, 8, 2))
    guard (1...12).contains(date.month) else {
      throw Problem(code: .dateTime, message: "invalid date \(text): the month must be 01 to 12")
    }
    let days = TOMLDateTime.days(inMonth: date.month, year: date.year)
    guard (1...days).contains(date.day) else {
      throw Problem(
        code: .dateTime, message: "invalid date \(text): that month has \(days) days in \(date.year)")
    }
    guard bytes.count > 10 else { return TOMLDateTime(date: date, time: nil) }
    let separator = bytes[10]
    guard separator | 0x20 == UInt8(ascii: "t") || separator == UInt8(ascii: " ") else {
      throw Problem(code: .dateTime, message: "invalid date \(text); dates look like 1979-05-27")
    }
    guard bytes.count > 11, TOMLScalarReader.isDigit(bytes[11]) else {
      throw Problem(
        code: .dateTime,
        message:
          "expected a time after '\(Character(Unicode.Scalar(separator)))', such as 1979-05-27T07:32:00")
    }
    let (time, end) = try self.time(bytes, from: 11, text: text)
    guard end < bytes.count else { return TOMLDateTime(date: date, time: time) }
    let offset = try self.offset(bytes[end...], text: text)
    return TOMLDateTime(date: date, time: time, offsetMinutes: offset)
  }

  /// A local time, `07:32:00` or `07:32:00.5`.
  static func localTime(_ bytes: [UInt8], text: String) throws(Problem) -> TOMLDateTime {
    let (time, end) = try self.time(bytes, from: 0, text: text)
    guard end == bytes.count else {
      throw Problem(code: .dateTime, message: "invalid time \(text); times look like 07:32:00")
    }
    return TOMLDateTime(date: nil, time: time)
  }

  /// `HH:MM:SS` with an optional fraction, from `start`; returns where it ends.
  private static func time(_ bytes: [UInt8], from start: Int, text: String) throws(Problem) -> (
    TOMLDateTime.Time, Int
  ) {
    let shape = Problem(
      code: .dateTime, message: "invalid time in \(text); times look like 07:32:00 (seconds are required)")
    guard bytes.count >= start + 8, bytes[start + 2] == UInt8(ascii: ":"),
      bytes[start + 5] == UInt8(ascii: ":"),
      [0, 1, 3, 4, 6, 7].allSatisfy({ TOMLScalarReader.isDigit(bytes[start + $0]) })
    else { throw shape }
    var time = TOMLDateTime.Time(
      hour: number(bytes, start, 2), minute: number(bytes, start + 3, 2), second: number(bytes, start + 6, 2))
    guard time.hour < 24, time.minute < 60, time.second < 60 else {
      throw Problem(
        code: .dateTime, message: "invalid time in \(text): hours go to 23, minutes and seconds to 59")
    }
    var end = start + 8
    if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
      end += 1
      let fraction = end
      while end < bytes.count, TOMLScalarReader.isDigit(bytes[end]) {
        if end - fraction < 9 { time.nanosecond = time.nanosecond * 10 + Int(bytes[end] - UInt8(ascii: "0")) }
        end += 1
      }
      guard end > fraction else { throw shape }
      for _ in min(end - fraction, 9)..<9 { time.nanosecond *= 10 }
    }
    return (time, end)
  }

  /// `Z` or `+HH:MM`, in minutes east of UTC.
  private static func offset(_ bytes: ArraySlice<UInt8>, text: String) throws(Problem) -> Int {
    let bytes = Array(bytes)
    if bytes.count == 1, bytes[0] | 0x20 == UInt8(ascii: "z") { return 0 }
    guard bytes.count == 6, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
      bytes[3] == UInt8(ascii: ":"), [1, 2, 4, 5].allSatisfy({ TOMLScalarReader.isDigit(bytes[$0]) })
    else {
      throw Problem(
        code: .dateTime, message: "invalid date-time \(text); the offset after the time is Z or like -07:00")
    }
    let hours = number(bytes, 1, 2)
    let minutes = number(bytes, 4, 2)
    guard hours < 24, minutes < 60 else {
      throw Problem(code: .dateTime, message: "invalid date-time \(text): the offset is at most 23:59")
    }
    return (bytes[0] == UInt8(ascii: "-") ? -1 : 1) * (hours * 60 + minutes)
  }

  /// The decimal number in `count` digits from `start` (checked to be digits).
  private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int {
    bytes[start..<(start + count)].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
  }
}
