extension JSONValue {
  /// Parses one JSON document (see ``JSONParser`` for what is accepted).
  public static func parse(_ bytes: some Collection<UInt8>) -> JSONValue? {
    try? JSONParser.parse(Array(bytes))
  }

  /// `text` as a JSON string literal, quotes included, escaped as every
  /// string ``jsonBytes`` writes (for output built piece by piece).
  public static func jsonBytes(quoting text: String) -> [UInt8] {
    var writer = JSONWriter(capacity: text.utf8.count + 2)
    writer.write(string: text)
    return writer.bytes
  }

  /// The value as compact JSON with sorted keys, as `JSONEncoder` with
  /// `[.sortedKeys, .withoutEscapingSlashes]` writes it; `nil` if it holds
  /// a non-finite number or nests arrays and objects 512 deep.
  public var jsonBytes: [UInt8]? {
    var writer = JSONWriter()
    do { try writer.write(self) } catch { return nil }
    return writer.bytes
  }

  /// The value as compact JSON text with sorted keys (`null` if it cannot be
  /// written, see ``jsonBytes``).
  public var jsonText: String {
    jsonBytes.map { String(decoding: $0, as: UTF8.self) } ?? "null"
  }
}

extension JSONWriter {
  /// Writes a request id: a number or a string.
  mutating func write(id: RPCID) {
    switch id {
    case .number(let value): try? write(number: Double(value))
    case .string(let value): write(string: value)
    }
  }
}
