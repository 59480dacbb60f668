import FuzzSupport
import KeyMenuProtocol

/// What every message the daemon writes must be (docs/PROTOCOL.md): one
/// line of JSON, a JSON-RPC 2.0 response (an id, and a result or an error
/// with a numeric code and a message) or a notification (a method, no id).
enum OutgoingCheck {
  enum Message: Equatable {
    case response(id: RPCID?)
    case notification(method: String)
  }

  static func message(_ bytes: [UInt8]) -> Message {
    let text = String(decoding: bytes.prefix(300), as: UTF8.self)
    fuzzCheck(bytes.last == UInt8(ascii: "\n"), "a message without its newline: \(text)")
    fuzzCheck(
      bytes.dropLast().firstIndex(of: UInt8(ascii: "\n")) == nil, "a raw newline in a message: \(text)")
    guard let value = JSONValue.parse(bytes.dropLast()), case .object(let object) = value else {
      fuzzCheck(false, "a message that is not a JSON object: \(text)")
      return .notification(method: "")
    }
    fuzzCheck(object["jsonrpc"] == "2.0", "a message without jsonrpc 2.0: \(text)")
    if let method = object["method"] {
      guard case .string(let name) = method else {
        fuzzCheck(false, "a method that is not a string: \(text)")
        return .notification(method: "")
      }
      fuzzCheck(object["id"] == nil, "a request to a client that is no plugin: \(text)")
      fuzzCheck(object["params"] != nil, "a notification without params: \(text)")
      return .notification(method: name)
    }
    fuzzCheck((object["result"] == nil) != (object["error"] == nil), "not one of result and error: \(text)")
    if let error = object["error"] {
      guard case .number(let code)? = error["code"], case .string? = error["message"] else {
        fuzzCheck(false, "an error without a numeric code and a message: \(text)")
        return .response(id: nil)
      }
      fuzzCheck(code == code.rounded(), "a fractional error code: \(text)")
    }
    switch object["id"] {
    case .number(let number)?:
      fuzzCheck(number == number.rounded() && abs(number) < 1e15, "id \(number): \(text)")
      return .response(id: .number(Int(number)))
    case .string(let id)?: return .response(id: .string(id))
    case .null?: return .response(id: nil)
    default:
      fuzzCheck(false, "a response without an id: \(text)")
      return .response(id: nil)
    }
  }
}
