/// A result written once and answered many times: `daemon.status`'s,
/// serialized when the status changes rather than for every request. One
/// top-level integer member (`uptime_ms`) is left to fill in per answer,
/// and the request's id is spliced in front; the line is then the bytes of
/// `RPCOutgoing.result(id:, JSONValue(encoding: result))` with that member
/// set.
public struct ResultTemplate: Sendable {
  /// The result's bytes before and after the value of the member.
  private let head: [UInt8]
  private let tail: [UInt8]
  /// The result for a type whose members do not come in sorted order
  /// (``OrderedJSONEncoder``): written in full for every answer.
  private let fallback: JSONValue?
  private let member: String

  /// A template for `result`, whose top-level integer member `member`
  /// changes from answer to answer.
  public init(_ result: some Encodable, member: String) {
    self.member = member
    var writer = JSONWriter(capacity: 2048)
    if let marked = try? OrderedJSONEncoder.write(result, into: &writer, depth: 1, marking: member) {
      head = Array(writer.bytes[..<marked.lowerBound])
      tail = Array(writer.bytes[marked.upperBound...])
      fallback = nil
    } else {
      head = []
      tail = []
      fallback = JSONValue(encoding: result)
    }
  }

  /// The answer to request `id`, with `value` for the member; newline included.
  public func line(id: RPCID, _ value: Int) -> [UInt8] {
    if let fallback {
      return RPCOutgoing.result(id: id, fallback.merging([member: .number(Double(value))])).line()
    }
    var writer = JSONWriter(capacity: head.count + tail.count + 64)
    writer.append(#"{"id":"#)
    writer.write(id: id)
    writer.append(#","jsonrpc":"2.0","result":"#)
    writer.bytes.append(contentsOf: head)
    try? writer.write(number: Double(value))
    writer.bytes.append(contentsOf: tail)
    writer.append("}\n")
    return writer.bytes
  }
}
