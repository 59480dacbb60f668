/// A JSON-RPC request id: a number or a string (echoed back unchanged).
public enum RPCID: Hashable, Sendable, Codable, CustomStringConvertible {
  case number(Int)
  case string(String)

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let value = try? container.decode(Int.self) {
      self = .number(value)
    } else {
      self = .string(try container.decode(String.self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .number(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    }
  }

  public var description: String {
    switch self {
    case .number(let value): String(value)
    case .string(let value): "\"\(value)\""
    }
  }
}
