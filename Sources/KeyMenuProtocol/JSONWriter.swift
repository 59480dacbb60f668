/// Writes ``JSONValue``s as compact JSON bytes, byte for byte as Foundation's
/// `JSONEncoder` with `[.sortedKeys, .withoutEscapingSlashes]` writes them:
/// object keys in the lexicographic order of their UTF-8 bytes, numbers as
/// `Double.description` without a trailing `.0`, and `"`, `\` and the
/// control characters U+0000 to U+001F escaped (`\b \f \n \r \t` by name, the
/// others as lowercase `\u00xx`). Unlike `JSONEncoder`, it also escapes DEL,
/// the C1 controls and the bidi-override and separator characters that
/// ``ShownText`` forbids (`\u007f`, `\u009b`, `\u202e`), so that JSON printed
/// on a terminal cannot drive it; `/` and every other character are written
/// as their own UTF-8 bytes.
///
/// Hand-written, like ``JSONParser``, because Foundation's `JSONEncoder` and
/// `JSONDecoder` cost about half of a `daemon.status` round trip (32% and 17%
/// of the event loop's time in a profile, ~23 of the daemon's 47 µs of CPU
/// per request), where the protocol's budget for the whole round trip is
/// 30 µs (issue 4). `JSONEncoder` builds a tree of its own and goes through
/// `Codable` for every value; this writes the bytes directly. The tests
/// compare the two on thousands of random values.
struct JSONWriter {
  /// Why a value cannot be written; `JSONEncoder` refuses the same values.
  enum Failure: Error, Equatable {
    /// NaN or an infinity, which JSON has no way to write.
    case nonFiniteNumber
    /// Containers nested ``JSONWriter/maximumDepth`` + 1 deep or more.
    case tooDeep
  }

  /// The deepest nesting of arrays and objects written, `JSONEncoder`'s
  /// limit: it refuses a 512th level (``JSONParser`` reads 512).
  static let maximumDepth = 511

  /// The bytes written so far.
  var bytes: [UInt8] = []

  /// Creates a writer with room for `capacity` bytes.
  init(capacity: Int = 512) { bytes.reserveCapacity(capacity) }

  /// Writes `value`, inside `depth` containers the caller has opened.
  mutating func write(_ value: JSONValue, depth: Int = 0) throws(Failure) {
    switch value {
    case .null: append("null")
    case .bool(let flag): append(flag ? "true" : "false")
    case .number(let number): try write(number: number)
    case .string(let string): write(string: string)
    case .array(let elements):
      guard depth < Self.maximumDepth else { throw .tooDeep }
      bytes.append(UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        if offset > 0 { bytes.append(UInt8(ascii: ",")) }
        try write(element, depth: depth + 1)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      guard depth < Self.maximumDepth else { throw .tooDeep }
      bytes.append(UInt8(ascii: "{"))
      let entries = Array(members)
      for (offset, index) in Self.sortedIndices(entries).enumerated() {
        if offset > 0 { bytes.append(UInt8(ascii: ",")) }
        write(string: entries[index].key)
        bytes.append(UInt8(ascii: ":"))
        try write(entries[index].value, depth: depth + 1)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// Appends ASCII text as it is (punctuation and member names the caller
  /// knows need no escaping).
  mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }
}
