/// A TOML date-time, date or time: which parts were written decides which
/// of TOML's four kinds it is.
public struct TOMLDateTime: Hashable, Sendable, CustomStringConvertible {
  /// A calendar date.
  public struct Date: Hashable, Sendable {
    /// The year, 0 to 9999.
    public var year: Int
    /// The month, 1 to 12.
    public var month: Int
    /// The day, 1 to the length of the month.
    public var day: Int

    /// Creates a date.
    public init(year: Int, month: Int, day: Int) {
      self.year = year
      self.month = month
      self.day = day
    }
  }

  /// A time of day.
  public struct Time: Hashable, Sendable {
    /// The hour, 0 to 23.
    public var hour: Int
    /// The minute, 0 to 59.
    public var minute: Int
    /// The second, 0 to 59.
    public var second: Int
    /// The fraction of the second in nanoseconds; digits past the ninth are dropped.
    public var nanosecond: Int

    /// Creates a time.
    public init(hour: Int, minute: Int, second: Int, nanosecond: Int = 0) {
      self.hour = hour
      self.minute = minute
      self.second = second
      self.nanosecond = nanosecond
    }
  }

  /// The date, unless this is a local time.
  public var date: Date?
  /// The time, unless this is a local date.
  public var time: Time?
  /// The offset from UTC in minutes for an offset date-time (`Z` is 0); nil when local.
  public var offsetMinutes: Int?

  /// Creates a value.
  public init(date: Date?, time: Time?, offsetMinutes: Int? = nil) {
    self.date = date
    self.time = time
    self.offsetMinutes = offsetMinutes
  }

  /// "date-time", "date" or "time", for messages.
  public var typeName: String {
    switch (date, time) {
    case (.some, .some): "date-time"
    case (.some, nil): "date"
    default: "time"
    }
  }

  /// RFC 3339 text: `1979-05-27T07:32:00.5-07:00`, `1979-05-27`, `07:32:00`.
  public var description: String {
    var text = ""
    if let date {
      text += Self.digits(date.year, 4) + "-" + Self.digits(date.month, 2) + "-" + Self.digits(date.day, 2)
    }
    if let time {
      if date != nil { text += "T" }
      text +=
        Self.digits(time.hour, 2) + ":" + Self.digits(time.minute, 2) + ":" + Self.digits(time.second, 2)
      if time.nanosecond > 0 {
        var fraction = Self.digits(time.nanosecond, 9)
        while fraction.hasSuffix("0") { fraction.removeLast() }
        text += "." + fraction
      }
    }
    if let offset = offsetMinutes {
      text += offset == 0 ? "Z" : (offset < 0 ? "-" : "+")
      if offset != 0 { text += Self.digits(abs(offset) / 60, 2) + ":" + Self.digits(abs(offset) % 60, 2) }
    }
    return text
  }

  private static func digits(_ value: Int, _ count: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, count - text.count)) + text
  }

  /// The number of days in `month` of `year` (proleptic Gregorian calendar).
  static func days(inMonth month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
