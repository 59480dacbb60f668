extension RPCRequest {
  /// The request as one line of JSON, without the newline (for clients);
  /// empty if the params cannot be written (see ``JSONValue/jsonBytes``).
  public func line() -> [UInt8] {
    // Written with the members in sorted order: id, jsonrpc, method, params.
    var writer = JSONWriter()
    writer.append("{")
    if let id {
      writer.append(#""id":"#)
      writer.write(id: id)
      writer.append(",")
    }
    writer.append(#""jsonrpc":"2.0","method":"#)
    writer.write(string: method)
    if let params {
      writer.append(#","params":"#)
      do { try writer.write(params, depth: 1) } catch { return [] }
    }
    writer.append("}")
    return writer.bytes
  }
}
