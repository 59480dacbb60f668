/// A message from the daemon: an answer to a request, or a notification.
public enum RPCOutgoing: Sendable {
  case result(id: RPCID, JSONValue)
  case error(id: RPCID?, RPCError)
  case notification(method: String, params: JSONValue)

  /// The message as one line of JSON, newline included; keys are sorted,
  /// as `JSONEncoder` with `.sortedKeys` wrote them. A result or params
  /// that cannot be written (see ``JSONValue/jsonBytes``) gives
  /// `{"jsonrpc":"2.0"}`.
  public func line() -> [UInt8] {
    var writer = JSONWriter()
    do {
      try write(to: &writer)
    } catch {
      writer.bytes.removeAll(keepingCapacity: true)
      writer.append(#"{"jsonrpc":"2.0"}"#)
    }
    writer.bytes.append(UInt8(ascii: "\n"))
    return writer.bytes
  }

  /// Writes the members in sorted order: error, id, jsonrpc, method,
  /// params, result.
  private func write(to writer: inout JSONWriter) throws(JSONWriter.Failure) {
    switch self {
    case .result(let id, let result):
      writer.append(#"{"id":"#)
      writer.write(id: id)
      writer.append(#","jsonrpc":"2.0","result":"#)
      try writer.write(result, depth: 1)
    case .error(let id, let error):
      writer.append(#"{"error":{"code":"#)
      try writer.write(number: Double(error.code))
      if let data = error.data {
        writer.append(#","data":"#)
        try writer.write(data, depth: 2)
      }
      writer.append(#","message":"#)
      writer.write(string: error.message)
      writer.append(#"},"id":"#)
      if let id { writer.write(id: id) } else { writer.append("null") }
      writer.append(#","jsonrpc":"2.0""#)
    case .notification(let method, let params):
      writer.append(#"{"jsonrpc":"2.0","method":"#)
      writer.write(string: method)
      writer.append(#","params":"#)
      try writer.write(params, depth: 1)
    }
    writer.append("}")
  }
}
