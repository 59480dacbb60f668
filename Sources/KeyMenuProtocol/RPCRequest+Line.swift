import FoundationEssentials

extension RPCRequest {
  /// The request as one line of JSON, without the newline (for clients).
  public func line() -> [UInt8] {
    var object: [String: JSONValue] = ["jsonrpc": "2.0", "method": .string(method)]
    if let id { object["id"] = id.jsonValue }
    if let params { object["params"] = params }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(JSONValue.object(object))).map(Array.init) ?? []
  }
}

extension JSONValue {
  /// Parses one JSON document.
  public static func parse(_ bytes: some Collection<UInt8>) -> JSONValue? {
    try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
  }

  /// The value as compact JSON text with sorted keys.
  public var jsonText: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
  }
}
