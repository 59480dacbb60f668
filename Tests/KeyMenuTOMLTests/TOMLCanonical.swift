import KeyMenuTOML

/// A value tree as canonical JSON text, the form the differential test
/// compares with tomllib's (see `PythonTOML.script`): keys sorted, and
/// every key and string as hex UTF-8, so both sides print them alike;
/// floats as their bits; dates to the microsecond, which is all Python keeps.
enum TOMLCanonical {
  static func text(_ table: TOMLTable) -> String {
    text(TOMLValue(.table(table), at: TOMLPosition(line: 1, column: 1)))
  }

  static func text(_ value: TOMLValue) -> String {
    switch value.kind {
    case .table(let table):
      let entries = table.entries.map { (hex($0.key), text($0.value)) }.sorted { $0.0 < $1.0 }
      return "{" + entries.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    case .array(let elements): return "[" + elements.map(text).joined(separator: ",") + "]"
    case .string(let string): return "\"s:\(hex(string))\""
    case .integer(let number): return "\"i:\(number)\""
    case .float(let number):
      if number.isNaN { return "\"f:nan\"" }
      let bits = String(number.bitPattern, radix: 16)
      return "\"f:" + String(repeating: "0", count: 16 - bits.count) + bits + "\""
    case .boolean(let flag): return "\"b:\(flag)\""
    case .dateTime(let value): return "\"" + dateTime(value) + "\""
    }
  }

  /// Whether a date has year 0, which RFC 3339 allows and Python's `datetime` does not.
  static func hasYearZero(_ value: TOMLValue) -> Bool {
    switch value.kind {
    case .table(let table): table.entries.contains { hasYearZero($0.value) }
    case .array(let elements): elements.contains(where: hasYearZero)
    case .dateTime(let date): date.date?.year == 0
    default: false
    }
  }

  private static func dateTime(_ value: TOMLDateTime) -> String {
    func digits(_ number: Int, _ count: Int) -> String {
      String(repeating: "0", count: max(0, count - String(number).count)) + String(number)
    }
    let date = value.date.map { digits($0.year, 4) + "-" + digits($0.month, 2) + "-" + digits($0.day, 2) }
    let time = value.time.map {
      digits($0.hour, 2) + ":" + digits($0.minute, 2) + ":" + digits($0.second, 2) + "."
        + digits($0.nanosecond / 1000, 6)
    }
    switch (date, time, value.offsetMinutes) {
    case (let date?, let time?, let offset?): return "odt:\(date)T\(time)\(offset < 0 ? "" : "+")\(offset)"
    case (let date?, let time?, nil): return "ldt:\(date)T\(time)"
    case (let date?, nil, _): return "ld:\(date)"
    case (nil, let time?, _): return "lt:\(time)"
    default: return "?"
    }
  }

  static func hex(_ text: String) -> String {
    text.utf8.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
  }
}
