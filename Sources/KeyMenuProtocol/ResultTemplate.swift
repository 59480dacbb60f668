/// A result written once and answered many times: `daemon.status`'s,
/// serialized when the status changes rather than for every request. One
/// top-level integer member (`uptime_ms`) is left to fill in per answer,
/// and the request's id is spliced in front; the line is then the bytes of
/// `RPCOutgoing.result(id:, JSONValue(encoding: result))` with that member
/// set.
public struct ResultTemplate: Sendable {
  /// `,"jsonrpc":"2.0","result":` and the result's bytes before the value
  /// of the member.
  private let opening: [UInt8]
  /// The result's bytes after the value of the member, the answer's
  /// closing brace and the newline.
  private let closing: [UInt8]
  /// The result for a type whose members do not come in sorted order
  /// (``OrderedJSONEncoder``): written in full for every answer.
  private let fallback: JSONValue?
  private let member: String

  /// What every answer starts with.
  private static let idMember: [UInt8] = Array(#"{"id":"#.utf8)

  /// A template for `result`, whose top-level integer member `member`
  /// changes from answer to answer.
  public init(_ result: some Encodable, member: String) {
    self.member = member
    var writer = JSONWriter(capacity: 2048)
    writer.append(#","jsonrpc":"2.0","result":"#)
    let start = writer.bytes.count
    if let marked = try? OrderedJSONEncoder.write(result, into: &writer, depth: 1, marking: member) {
      opening = Array(writer.bytes[..<marked.lowerBound])
      closing = Array(writer.bytes[marked.upperBound...]) + Array("}\n".utf8)
      fallback = nil
    } else {
      writer.bytes.removeSubrange(start...)
      opening = []
      closing = []
      fallback = JSONValue(encoding: result)
    }
  }

  /// Bytes an answer is at most long, but for its id and the member's value.
  public var capacity: Int { Self.idMember.count + opening.count + closing.count }

  /// The answer to request `id`, with `value` for the member; newline included.
  public func line(id: RPCID, _ value: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(capacity + 48)
    write(id: id, value) { piece in
      for index in piece.indices { bytes.append(piece[index]) }
    }
    return bytes
  }

  /// The bytes of ``line(id:_:)``, handed to `write` in pieces, in order:
  /// for writing the answer straight into an output buffer, with no array
  /// in between.
  public func write(id: RPCID, _ value: Int, to write: (Span<UInt8>) -> Void) {
    if let fallback {
      let line = RPCOutgoing.result(id: id, fallback.merging([member: .number(Double(value))])).line()
      return write(line.span)
    }
    write(Self.idMember.span)
    switch id {
    case .number(let number): Self.write(integer: number, to: write)
    case .string:
      var writer = JSONWriter(capacity: 32)
      writer.write(id: id)
      write(writer.bytes.span)
    }
    write(opening.span)
    Self.write(integer: value, to: write)
    write(closing.span)
  }

  /// `integer` as ``JSONWriter`` writes it as a number: its decimal digits
  /// below 10^15, without allocating.
  private static func write(integer: Int, to write: (Span<UInt8>) -> Void) {
    guard integer.magnitude < 1_000_000_000_000_000 else {
      var writer = JSONWriter(capacity: 32)
      try? writer.write(number: Double(integer))
      return write(writer.bytes.span)
    }
    var digits = InlineArray<16, UInt8>(repeating: 0)
    var start = digits.count
    var rest = integer.magnitude
    repeat {
      start -= 1
      digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    } while rest > 0
    if integer < 0 {
      start -= 1
      digits[start] = UInt8(ascii: "-")
    }
    write(digits.span.extracting(start...))
  }
}
