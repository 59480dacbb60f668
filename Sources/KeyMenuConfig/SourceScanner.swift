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
  /// Where a path first got longer than ``maximumDepth``; scanning stops there.
  private(set) var tooDeep: TextPosition?
  /// The first syntax error that would crash TOMLKit instead of failing to
  /// parse (see ``flagUnsafe(_:)``), with the message to report.
  private(set) var unsafeSyntax: (position: TextPosition, message: String)?

  /// The longest path scanned. keymenu's deepest keys (16 levels of submenus
  /// with an alert) need about 40; the bound keeps the work linear and the
  /// recursion (here, in TOMLKit and in ``ConfigNode``) shallow.
  static let maximumDepth = 100

  init(_ text: String) {
    bytes = Array(text.utf8)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }  // a byte order mark is not a column
  }

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
    guard tooDeep == nil else { return }
    guard path.count <= Self.maximumDepth else {
      tooDeep = key
      offset = bytes.count  // stop: every loop ends at the end of the text
      return
    }
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
          recordPrefixes(of: keys, under: table, at: keyStart)
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
    checkHeaderKey(isArray: isArray)
    let start = position
    let keys = scanKey()
    guard !keys.isEmpty else { return }
    var path: ConfigPath = []
    for (number, key) in keys.enumerated() where tooDeep == nil {
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

  /// Records a syntax error that must not reach TOMLKit.
  ///
  /// toml++ 3 (inside TOMLKit 0.6.0) asserts, and in release builds assumes,
  /// a few things about malformed input that it never checks, so some
  /// documents abort the process instead of failing to parse: a header whose
  /// key does not start with a key character (`[[[a]]]`, `[ * ]`), an array
  /// element starting with `}` (`a = [1, }`), and a date-time without a
  /// digit after its `T` (`a = 1979-05-27T:`). The scanner finds these before
  /// TOMLKit sees the text.
  mutating func flagUnsafe(_ message: String) {
    if unsafeSyntax == nil { unsafeSyntax = (position, message) }
  }

  /// After a header's brackets: a key must follow (a `[` after `[ ` is fine,
  /// toml++ reports that one itself).
  private mutating func checkHeaderKey(isArray: Bool) {
    guard let byte = peek else { return }
    let fine =
      Self.isBareKeyByte(byte) || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
      || byte == UInt8(ascii: "]") || (byte == UInt8(ascii: "[") && !isArray)
    if !fine { flagUnsafe("expected a key in the table header, such as [menus.main] or [[hotkeys]]") }
  }

  /// Records the tables a dotted key makes: `base` plus each proper prefix
  /// of `keys` (`a` and `a.b` for `a.b.c = ...`).
  mutating func recordPrefixes(of keys: [String], under base: ConfigPath, at position: TextPosition) {
    for length in 1..<keys.count where tooDeep == nil {
      record(base + keys.prefix(length).map { .key($0) }, key: position, value: position)
    }
  }
}
