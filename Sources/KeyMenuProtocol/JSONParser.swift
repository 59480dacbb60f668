/// Reads one JSON document (RFC 8259, UTF-8) into a ``JSONValue``, accepting
/// and refusing what Foundation's `JSONDecoder` did for ``JSONValue`` (except where
/// noted below), so that a line gets the same answer as before:
///
/// - whitespace is space, tab, CR and LF; one UTF-8 byte order mark at the
///   very start is skipped; anything after the value is an error;
/// - one trailing comma before `]` or `}` is accepted (`[1,]`), as
///   `JSONDecoder` accepts it; `[,]` and `[1,,]` are not;
/// - numbers follow the RFC's grammar (no leading zeros, `+`, `.5`, `1.`,
///   NaN or Infinity); one that `strtod` rounds to an infinity, or to zero
///   from non-zero digits (`1e400`, `1e-400`), is an error; an exponent
///   without a sign after a lone `0` (`0e1`, `[0e0]`) is a number, as the
///   RFC says, where `JSONDecoder` refuses it (a bug of its scanner, found
///   by fuzzing: it accepts `0e+1`, `-0e1` and a top-level `0e0`);
/// - strings must be valid UTF-8 without raw control characters; a `\u`
///   escape of a surrogate must be a high one followed by a `\u` low one;
/// - a repeated object key is an error (``Failure/repeatedKey(_:offset:)``),
///   anywhere in the document, where `JSONDecoder` kept the first value and
///   Python's `json` and most other parsers keep the last: a proxy in front of
///   the socket must not read another request than the daemon runs. Keys are
///   compared as Swift strings, so two spellings of one canonically equivalent
///   key (`"é"` and `"e\u0301"`) are repeated too;
/// - arrays and objects nest at most ``maximumDepth`` deep, so a hostile
///   line cannot exhaust the stack.
///
/// Unlike `JSONDecoder` it does not guess UTF-16 or UTF-32 from zero bytes
/// at the start: the protocol is UTF-8, where a zero byte outside a string
/// is an error.
///
/// Hand-written, like ``JSONWriter``, because `JSONDecoder` took 17% of the
/// event loop's time per `daemon.status` (the protocol's budget for the
/// round trip is 30 µs); the tests compare the two on thousands of lines.
struct JSONParser {
  /// Why a document was refused.
  enum Failure: Error, Equatable {
    /// Not JSON: an unexpected byte or the end of the input, at `offset`.
    case syntax(offset: Int)
    /// A string is not valid UTF-8 or has an unpaired surrogate escape.
    case invalidString(offset: Int)
    /// A number does not fit a `Double`.
    case numberOutOfRange(offset: Int)
    /// Arrays and objects nested deeper than ``JSONParser/maximumDepth``.
    case tooDeep(offset: Int)
    /// An object has `key` twice; `offset` is where the second one starts.
    case repeatedKey(String, offset: Int)
  }

  /// The deepest nesting of arrays and objects read; `JSONDecoder`'s limit.
  static let maximumDepth = 512

  let bytes: [UInt8]
  var index = 0

  /// Parses `bytes` as one JSON document.
  static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    parser.skipWhitespace()
    let value = try parser.value(depth: 0)
    parser.skipWhitespace()
    guard parser.index == bytes.count else { throw .syntax(offset: parser.index) }
    return value
  }

  /// The value at `index`, inside `depth` containers.
  mutating func value(depth: Int) throws(Failure) -> JSONValue {
    guard index < bytes.count else { throw .syntax(offset: index) }
    switch bytes[index] {
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "{"): return try object(depth: depth + 1)
    case UInt8(ascii: "["): return try array(depth: depth + 1)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    default: throw .syntax(offset: index)
    }
  }

  private mutating func array(depth: Int) throws(Failure) -> JSONValue {
    guard depth <= Self.maximumDepth else { throw .tooDeep(offset: index) }
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if try consume(UInt8(ascii: "]")) { return .array(elements) }
    while true {
      elements.append(try value(depth: depth))
      guard try separator(before: UInt8(ascii: "]")) else { return .array(elements) }
    }
  }

  private mutating func object(depth: Int) throws(Failure) -> JSONValue {
    guard depth <= Self.maximumDepth else { throw .tooDeep(offset: index) }
    index += 1
    skipWhitespace()
    if try consume(UInt8(ascii: "}")) { return .object([:]) }
    // Room for the protocol's usual objects at once (a menu item has 5
    // members, a picture up to 14): growing from empty rehashed each one
    // three or four times.
    var members = [String: JSONValue](minimumCapacity: 8)
    while true {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw .syntax(offset: index) }
      let keyOffset = index
      let key = try string()
      guard members[key] == nil else { throw .repeatedKey(key, offset: keyOffset) }
      skipWhitespace()
      guard try consume(UInt8(ascii: ":")) else { throw .syntax(offset: index) }
      skipWhitespace()
      let member = try value(depth: depth)
      members[key] = member
      guard try separator(before: UInt8(ascii: "}")) else { return .object(members) }
    }
  }

  /// After an element: `true` at a comma followed by another element,
  /// `false` once `close` (after a comma or not) ends the container.
  mutating func separator(before close: UInt8) throws(Failure) -> Bool {
    skipWhitespace()
    if try consume(close) { return false }
    guard try consume(UInt8(ascii: ",")) else { throw .syntax(offset: index) }
    skipWhitespace()
    return try !consume(close)
  }
}
