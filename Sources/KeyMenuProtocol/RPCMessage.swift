/// A request from a client: a method, params, and an id unless it is a
/// notification (no answer expected).
public struct RPCRequest: Hashable, Sendable {
  public var id: RPCID?
  public var method: String
  public var params: JSONValue?

  /// Creates a request.
  public init(id: RPCID?, method: String, params: JSONValue? = nil) {
    self.id = id
    self.method = method
    self.params = params
  }

  /// Parses one line (without its newline) as a JSON-RPC 2.0 request.
  ///
  /// - Throws: ``RPCError`` `-32700` for bytes that are not UTF-8 JSON,
  ///   `-32600` for JSON that is not a request (an object with a repeated
  ///   member anywhere in the line is not one either); the id, when it could be
  ///   read, is in ``RPCRequestFailure/id`` so the error can be answered.
  public static func parse(_ line: some Collection<UInt8>) throws(RPCRequestFailure) -> RPCRequest {
    let bytes = Array(line)
    let members: JSONParser.RequestMembers?
    do {
      // The top-level object's members without its dictionary; anything
      // else is parsed whole, to tell invalid JSON from another value.
      members = try JSONParser.parseRequest(bytes)
      if members == nil { _ = try JSONParser.parse(bytes) }
    } catch .repeatedKey(let key, _) {
      // Valid JSON that parsers read differently (first or last value): one reading only.
      throw RPCRequestFailure(id: nil, error: .invalidRequest("repeated member \(quoted(key))"))
    } catch {
      // A parsed line is valid UTF-8 (the parser checks every string, and
      // outside them accepts only ASCII), so the check is needed only here.
      let utf8 = String(validating: bytes, as: UTF8.self) != nil
      throw RPCRequestFailure(
        id: nil, error: .parseError(utf8 ? "the line is not valid JSON" : "the line is not valid UTF-8"))
    }
    guard let object = members else {
      throw RPCRequestFailure(id: nil, error: .invalidRequest("expected a JSON object"))
    }
    var id: RPCID?
    switch object.id {
    case nil, .null?: id = nil
    case .number(let number)? where number == number.rounded() && abs(number) < 1e15:
      id = .number(Int(number))
    case .string(let text)?: id = .string(text)
    default: throw RPCRequestFailure(id: nil, error: .invalidRequest("id must be a number or a string"))
    }
    guard object.jsonrpc == .string("2.0") else {
      throw RPCRequestFailure(id: id, error: .invalidRequest("jsonrpc must be \"2.0\""))
    }
    guard case .string(let method)? = object.method, !method.isEmpty else {
      throw RPCRequestFailure(id: id, error: .invalidRequest("method must be a non-empty string"))
    }
    let params = object.params
    switch params {
    case nil, .object?, .array?: break
    default: throw RPCRequestFailure(id: id, error: .invalidRequest("params must be an object or an array"))
    }
    return RPCRequest(id: id, method: method, params: params)
  }

  /// Decodes the params as `T`; a mismatch is `-32602` naming the member
  /// (`timeout_ms`, `buttons.[1]`) with a plain message.
  public func decodeParams<T: Decodable>(as type: T.Type) throws(RPCError) -> T {
    do {
      return try JSONValueDecoder.decode(T.self, from: params ?? .object([:]))
    } catch let error as DecodingError {
      throw Self.describe(error)
    } catch {
      throw .invalidParams("\(error)")
    }
  }

  /// `key` in double quotes, shortened to 64 characters, for an error message.
  private static func quoted(_ key: String) -> String {
    "\"" + (key.count > 64 ? String(key.prefix(64)) + "…" : key) + "\""
  }

  private static func describe(_ error: DecodingError) -> RPCError {
    func field(_ path: [any CodingKey]) -> String? {
      path.isEmpty ? nil : path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
    switch error {
    case .keyNotFound(let key, let context):
      return .invalidParams("is required", field: field(context.codingPath + [key]))
    case .typeMismatch(let type, let context):
      return .invalidParams("expected \(Self.jsonName(type))", field: field(context.codingPath))
    case .valueNotFound(let type, let context):
      return .invalidParams("expected \(Self.jsonName(type)), found null", field: field(context.codingPath))
    case .dataCorrupted(let context):
      return .invalidParams(context.debugDescription, field: field(context.codingPath))
    @unknown default:
      return .invalidParams("\(error)")
    }
  }

  private static func jsonName(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is any FixedWidthInteger.Type: "an integer"
    case is Double.Type, is Float.Type: "a number"
    case is [String: JSONValue].Type: "an object"
    case is [JSONValue].Type: "an array"
    default: "a value of type \(type)"
    }
  }
}

/// A request that could not be parsed, with its id when one was readable.
public struct RPCRequestFailure: Error, Hashable, Sendable {
  public var id: RPCID?
  public var error: RPCError
}
