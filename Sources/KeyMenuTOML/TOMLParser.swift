/// A TOML 1.0 parser that keeps the line and column of every key and value.
///
/// Why hand-written: keymenu's configuration errors must point at the exact
/// key or value they are about (`keymenud --check`), and no pure-Swift TOML
/// library that keeps positions is in reach (the offline package mirror has
/// none); TOMLKit (toml++, C++) reports positions only for syntax errors,
/// aborts on some malformed input and leaked on every parse.
///
/// It follows TOML 1.0 (https://toml.io/en/v1.0.0): bare, quoted and dotted
/// keys; basic, literal and multi-line strings with every escape; integers
/// (decimal, `0x`, `0o`, `0b`, underscores between digits) in 64 bits;
/// floats with `inf` and `nan`; booleans; offset and local date-times,
/// dates and times; arrays of mixed values; inline tables; tables and
/// arrays of tables, with the rules on defining each once (``TOMLTree``).
/// Within TOML's latitude it does as Python's `tomllib` does, which the
/// tests compare it with: `\r\n` in a multi-line string reads as `\n`, a
/// second `60` (a leap second) is refused, and fractions of a second past
/// nanoseconds are dropped. A byte order mark at the start is skipped.
///
/// Hostile input cannot hurt it: it reads each byte a bounded number of
/// times (linear time), nests arrays and inline tables on a stack of its own
/// rather than by recursion, and refuses keys and values nested more than
/// ``maximumDepth`` levels deep.
public struct TOMLParser {
  /// How deep keys and values may nest: each key of a dotted key or header,
  /// each array element and each array-of-tables element is a level.
  /// keymenu's deepest keys (16 levels of submenus with an alert) need about 40.
  public static let maximumDepth = 100

  var source: TOMLSource
  var offset: Int
  var tree = TOMLTree()
  /// The table the last header opened (the document before any header), and its depth.
  private var section = TOMLTree.root
  private var sectionDepth = 0
  /// Counts headers, so that dotted keys know which section made a table.
  private var sectionNumber = 0

  private init(_ text: String) {
    source = TOMLSource(text)
    offset = source.start
  }

  /// Parses a TOML document.
  ///
  /// - Returns: the top-level table, keys in the order they were written.
  /// - Throws: the first problem in the text, with its line and column.
  public static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
    var parser = TOMLParser(text)
    try parser.parseDocument()
    return parser.tree.build()
  }

  /// The byte under the cursor, nil at the end.
  var byte: UInt8? { source[offset] }

  /// An error at the byte `offset`.
  mutating func error(_ code: TOMLError.Code, _ message: String, at offset: Int) -> TOMLError {
    TOMLError(code, message, at: source.position(offset))
  }

  private mutating func parseDocument() throws(TOMLError) {
    while true {
      skipSpaces()
      guard let byte else { return }
      switch byte {
      case UInt8(ascii: "\n"):
        offset += 1
        continue
      case UInt8(ascii: "#"), UInt8(ascii: "\r"):
        break  // endOfLine reads the comment and line break
      case UInt8(ascii: "["):
        try parseHeader()
      default:
        guard Self.isBareKeyByte(byte) || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") else {
          throw error(
            .syntax,
            "expected a key = value line, a [table] header or a comment, saw \(source.shown(offset))",
            at: offset)
        }
        try parseKeyValue()
      }
      try endOfLine(after: "this line's key = value or [header]")
    }
  }

  /// `[a.b]` or `[[a.b]]`: opens the section its table starts.
  private mutating func parseHeader() throws(TOMLError) {
    let header = source.position(offset)
    let isArray = source[offset + 1] == UInt8(ascii: "[")
    offset += isArray ? 2 : 1
    let keys = try parseKey(.header)
    if isArray {
      guard byte == UInt8(ascii: "]"), source[offset + 1] == UInt8(ascii: "]") else {
        throw error(
          .syntax, "missing ]] at the end of the array-of-tables header, as in [[hotkeys]]", at: offset)
      }
      offset += 2
    } else {
      guard byte == UInt8(ascii: "]") else {
        throw error(.syntax, "missing ] at the end of the table header, as in [menus.main]", at: offset)
      }
      offset += 1
    }
    sectionNumber += 1
    (section, sectionDepth) = try tree.openHeader(keys, isArray: isArray, at: header)
  }

  /// `key = value` in the current section.
  private mutating func parseKeyValue() throws(TOMLError) {
    let keys = try parseKey(.keyValue)
    try expectEquals(after: keys)
    let depth = sectionDepth + keys.count
    if let first = keys.first { try TOMLTree.checkDepth(depth, at: first.position) }
    let slot = try tree.slot(for: keys, in: section, section: sectionNumber)
    try parseValue(into: slot, depth: depth)
  }

  /// The `=` after a key, and the blanks after it.
  mutating func expectEquals(after keys: [TOMLKey]) throws(TOMLError) {
    guard byte == UInt8(ascii: "=") else {
      let key = TOMLTree.dotted(keys[...])
      throw error(
        .syntax, "missing = after the key '\(key)', as in \(key) = \"value\"; saw \(source.shown(offset))",
        at: offset)
    }
    offset += 1
    skipSpaces()
  }

  /// After a statement: blanks, an optional comment, then a line break or the end.
  private mutating func endOfLine(after what: String) throws(TOMLError) {
    skipSpaces()
    if byte == UInt8(ascii: "#") { try skipComment() }
    guard let byte else { return }
    if byte == UInt8(ascii: "\n") {
      offset += 1
    } else if byte == UInt8(ascii: "\r"), source[offset + 1] == UInt8(ascii: "\n") {
      offset += 2
    } else if byte == UInt8(ascii: "\r") {
      throw error(.syntax, "a carriage return (\\r) must be followed by a line feed (\\n)", at: offset)
    } else {
      throw error(
        .syntax, "expected the end of the line after \(what), saw \(source.shown(offset))", at: offset)
    }
  }

  /// Spaces and tabs.
  mutating func skipSpaces() {
    while let byte, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { offset += 1 }
  }

  /// From `#` to the end of the line (not including the line break).
  mutating func skipComment() throws(TOMLError) {
    offset += 1
    while let byte, byte != UInt8(ascii: "\n") {
      if Self.isControl(byte) {
        if byte == UInt8(ascii: "\r"), source[offset + 1] == UInt8(ascii: "\n") { return }
        throw error(.syntax, "\(source.shown(offset)) in a comment", at: offset)
      }
      offset += 1
    }
  }

  /// Whether TOML forbids `byte` in comments and strings: controls other than tab, and DEL.
  static func isControl(_ byte: UInt8) -> Bool {
    (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F
  }

  /// Whether `byte` may be part of a bare key: `A-Z a-z 0-9 _ -`.
  static func isBareKeyByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
      true
    default: false
    }
  }
}
