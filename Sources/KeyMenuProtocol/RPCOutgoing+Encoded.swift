extension RPCOutgoing {
  /// `.result(id: id, JSONValue(encoding: result)).line()`, the same bytes,
  /// written straight from the typed value (``OrderedJSONEncoder``): no
  /// ``JSONValue`` tree, no dictionary, no sorting. A value whose members
  /// do not come in sorted order is written through ``JSONValue``.
  public static func resultLine(id: RPCID, encoding result: some Encodable) -> [UInt8] {
    var writer = JSONWriter(capacity: 1024)
    writer.append(#"{"id":"#)
    writer.write(id: id)
    writer.append(#","jsonrpc":"2.0","result":"#)
    return finish(&writer, result) { .result(id: id, JSONValue(encoding: result)) }
  }

  /// `.notification(method: method, params: JSONValue(encoding: params)).line()`,
  /// the same bytes, written straight from the typed value as
  /// ``resultLine(id:encoding:)`` writes a result. A notification sent to
  /// many subscribers is written once (`EventHub`).
  public static func notificationLine(method: String, encoding params: some Encodable) -> [UInt8] {
    var writer = JSONWriter(capacity: 1024)
    writer.append(#"{"jsonrpc":"2.0","method":"#)
    writer.write(string: method)
    writer.append(#","params":"#)
    return finish(&writer, params) { .notification(method: method, params: JSONValue(encoding: params)) }
  }

  /// Writes `value` and the line's end, or the whole line through
  /// `fallback`'s ``JSONValue`` when the stream refuses the value.
  private static func finish(
    _ writer: inout JSONWriter, _ value: some Encodable, fallback: () -> RPCOutgoing
  ) -> [UInt8] {
    do {
      _ = try OrderedJSONEncoder.write(value, into: &writer, depth: 1)
    } catch {
      return fallback().line()
    }
    writer.append("}\n")
    return writer.bytes
  }
}
