import FoundationEssentials
import KeyMenuCore
import KeyMenuProtocol

/// The protocol's JSON as it was written with Foundation before JSONWriter
/// and JSONParser: the reference the differential tests compare with.
enum FoundationJSON {
  /// `JSONEncoder` with the options the protocol used, plus the escapes
  /// JSONWriter adds (``escapingShownTextControls(_:)``); `nil` where it threw.
  static func encode(_ value: JSONValue) -> [UInt8]? {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(value)).map { escapingShownTextControls(Array($0)) }
  }

  /// JSONEncoder's output with DEL, the C1 controls and the bidi and
  /// separator characters ShownText forbids written as lowercase `\uxxxx`,
  /// as JSONWriter writes them. Compact JSON has such characters only
  /// inside strings, so replacing them everywhere is exact.
  static func escapingShownTextControls(_ bytes: [UInt8]) -> [UInt8] {
    var result = String.UnicodeScalarView()
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
      guard ShownText.isForbidden(scalar) else {
        result.append(scalar)
        continue
      }
      let digits = String(scalar.value, radix: 16)
      result.append(
        contentsOf: ("\\u" + String(repeating: "0", count: 4 - digits.count) + digits).unicodeScalars)
    }
    return Array(String(result).utf8)
  }

  /// `JSONDecoder`; `nil` where it threw.
  static func decode(_ bytes: [UInt8]) -> JSONValue? {
    try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
  }

  /// Whether `JSONDecoder` would guess UTF-16 or UTF-32 from zero bytes
  /// at the start, which JSONParser deliberately does not do.
  static func guessesAnotherEncoding(_ bytes: [UInt8]) -> Bool {
    bytes.prefix(4).contains(0)
  }

  /// The key `RPCRequest.parse` names when it refuses `bytes` for a
  /// repeated member (`-32600`), where JSONDecoder accepted them: the one
  /// difference the parser added on purpose after replacing it.
  static func repeatedKey(_ bytes: [UInt8]) -> String? {
    guard case .failure(let refusal) = outcome(ofParsing: bytes) else { return nil }
    let prefix = "invalid request: repeated member \""
    guard refusal.id == nil, refusal.error.code == -32600, refusal.error.message.hasPrefix(prefix) else {
      return nil
    }
    return String(refusal.error.message.dropFirst(prefix.count).dropLast())
  }

  /// Whether a key the parser says is repeated visibly is: `"key"` stands
  /// twice in the bytes (checked for plain ASCII keys only, which have one
  /// spelling without escapes).
  static func visiblyRepeats(_ key: String, in bytes: [UInt8]) -> Bool {
    guard key.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x5C && $0 != 0x22 }) else { return true }
    let quoted = Array("\"\(key)\"".utf8)
    var count = 0
    var index = 0
    while index + quoted.count <= bytes.count {
      if bytes[index..<index + quoted.count].elementsEqual(quoted) { count += 1 }
      index += 1
    }
    return count >= 2
  }

  /// `RPCOutgoing.line()` as it was.
  static func line(_ message: RPCOutgoing) -> [UInt8] {
    var object: [String: JSONValue] = ["jsonrpc": .string("2.0")]
    switch message {
    case .result(let id, let result):
      object["id"] = id.jsonValue
      object["result"] = result
    case .error(let id, let error):
      object["id"] = id?.jsonValue ?? .null
      var body: [String: JSONValue] = [
        "code": .number(Double(error.code)), "message": .string(error.message),
      ]
      if let data = error.data { body["data"] = data }
      object["error"] = .object(body)
    case .notification(let method, let params):
      object["method"] = .string(method)
      object["params"] = params
    }
    return (encode(.object(object)) ?? Array(#"{"jsonrpc":"2.0"}"#.utf8)) + [UInt8(ascii: "\n")]
  }

  /// `RPCRequest.line()` as it was.
  static func line(_ request: RPCRequest) -> [UInt8] {
    var object: [String: JSONValue] = ["jsonrpc": "2.0", "method": .string(request.method)]
    if let id = request.id { object["id"] = id.jsonValue }
    if let params = request.params { object["params"] = params }
    return encode(.object(object)) ?? []
  }

  /// An ``RPCRequestFailure`` the tests can make.
  struct Refusal: Error, Equatable {
    var id: RPCID?
    var error: RPCError
  }

  /// `RPCRequest.parse`, as a result to compare.
  static func outcome(ofParsing bytes: [UInt8]) -> Result<RPCRequest, Refusal> {
    do {
      return .success(try RPCRequest.parse(bytes))
    } catch {
      return .failure(Refusal(id: error.id, error: error.error))
    }
  }

  /// `RPCRequest.parse` as it was.
  static func parse(_ bytes: [UInt8]) -> Result<RPCRequest, Refusal> {
    guard String(validating: bytes, as: UTF8.self) != nil else {
      return .failure(Refusal(id: nil, error: .parseError("the line is not valid UTF-8")))
    }
    guard let value = decode(bytes) else {
      return .failure(Refusal(id: nil, error: .parseError("the line is not valid JSON")))
    }
    guard case .object(let object) = value else {
      return .failure(Refusal(id: nil, error: .invalidRequest("expected a JSON object")))
    }
    var id: RPCID?
    switch object["id"] {
    case nil, .null?: id = nil
    case .number(let number)? where number == number.rounded() && abs(number) < 1e15:
      id = .number(Int(number))
    case .string(let text)?: id = .string(text)
    default:
      return .failure(Refusal(id: nil, error: .invalidRequest("id must be a number or a string")))
    }
    guard object["jsonrpc"] == .string("2.0") else {
      return .failure(Refusal(id: id, error: .invalidRequest("jsonrpc must be \"2.0\"")))
    }
    guard case .string(let method)? = object["method"], !method.isEmpty else {
      return .failure(Refusal(id: id, error: .invalidRequest("method must be a non-empty string")))
    }
    let params = object["params"]
    switch params {
    case nil, .object?, .array?: break
    default:
      return .failure(
        Refusal(id: id, error: .invalidRequest("params must be an object or an array")))
    }
    return .success(RPCRequest(id: id, method: method, params: params))
  }
}
