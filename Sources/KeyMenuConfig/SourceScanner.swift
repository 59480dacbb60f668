/// The cursor behind ``SourceIndex``: walks the UTF-8 bytes of a TOML text,
/// tracking the line and column (in Unicode scalars) and the table that
/// headers have opened, and records where each path starts.
///
/// Every loop consumes at least one byte or stops, so any text, even one
/// TOMLKit would refuse, is scanned in linear time.
struct SourceScanner {
  private let bytes: [UInt8]
  private(set) var offset = 0
  private var line = 1
  private var column = 1
  /// The table the last header opened, with array-of-tables indexes resolved.
  private var table: ConfigPath = []
  /// How many elements each array of tables (`[[path]]`) has so far.
  private var arrayCounts: [ConfigPath: Int] = [:]
  /// The result.
  private(set) var entries: [ConfigPath: SourceIndex.Entry] = [:]

  init(_ text: String) { bytes = Array(text.utf8) }

  var position: TextPosition { TextPosition(line: line, column: column) }
  var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }
  func peek(_ ahead: Int) -> UInt8? { offset + ahead < bytes.count ? bytes[offset + ahead] : nil }

  mutating func advance() {
    guard let byte = peek else { return }
    offset += 1
    if byte == UInt8(ascii: "\n") {
      line += 1
      column = 1
    } else if byte & 0xC0 != 0x80 {
      column += 1  // a UTF-8 continuation byte does not start a new scalar
    }
  }

  mutating func record(_ path: ConfigPath, key: TextPosition, value: TextPosition) {
    if entries[path] == nil { entries[path] = SourceIndex.Entry(key: key, value: value) }
  }

  /// The whole document: headers and `key = value` lines.
  mutating func scanDocument() {
    while true {
      skipBlanks(newlines: true)
      guard let byte = peek else { return }
      let start = offset
      if byte == UInt8(ascii: "[") {
        scanHeader()
      } else {
        let keyStart = position
        let keys = scanKey()
        skipBlanks(newlines: false)
        if !keys.isEmpty, peek == UInt8(ascii: "=") {
          advance()
          skipBlanks(newlines: false)
          recordPrefixes(table + keys.dropLast().map { .key($0) }, at: keyStart)
          scanValue(table + keys.map { .key($0) }, key: keyStart)
        }
      }
      if offset == start { advance() }
      skipToLineEnd()
    }
  }

  /// `[a.b]` or `[[a.b]]`: the table starts at the bracket, its key at the name.
  private mutating func scanHeader() {
    let header = position
    advance()
    let isArray = peek == UInt8(ascii: "[")
    if isArray { advance() }
    skipBlanks(newlines: false)
    let start = position
    let keys = scanKey()
    guard !keys.isEmpty else { return }
    var path: ConfigPath = []
    for (number, key) in keys.enumerated() {
      path.append(.key(key))
      record(path, key: start, value: header)
      let isLast = number == keys.count - 1
      if isLast && isArray {
        let count = arrayCounts[path, default: 0]
        arrayCounts[path] = count + 1
        path.append(.index(count))
        record(path, key: header, value: header)
      } else if let count = arrayCounts[path] {
        path.append(.index(count - 1))  // a header inside the last element so far
      }
    }
    table = path
  }

  private mutating func recordPrefixes(_ path: ConfigPath, at position: TextPosition) {
    for length in stride(from: table.count + 1, through: path.count, by: 1) {
      record(Array(path.prefix(length)), key: position, value: position)
    }
  }
}
