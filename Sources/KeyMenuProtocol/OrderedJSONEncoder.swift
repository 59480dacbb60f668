/// Writes an `Encodable` value's JSON straight into bytes, each object's
/// members in the order the value encodes them: no ``JSONValue`` tree, no
/// dictionary, no sorting. The protocol's types encode their members in
/// sorted order (the order is fixed once, in their `encode(to:)` or their
/// `CodingKeys`), so what this writes is byte for byte what ``JSONWriter``
/// writes for `JSONValue(encoding:)`: keys sorted by UTF-8 bytes.
///
/// A value whose members come out of that order (a `Dictionary`, or a type
/// whose order was not fixed) is refused with ``Failure/outOfOrder(key:)``;
/// ``RPCOutgoing/resultLine(id:encoding:)`` and
/// ``RPCOutgoing/notificationLine(method:encoding:)`` then write it through
/// ``JSONValue``, sorted, so the wire is the same either way. ``JSONValue``
/// members (free-form params) are written by ``JSONWriter``, sorted.
///
/// Containers are written as they are opened and closed when their parent
/// writes again (Codable has no "end of container" call), so a value must
/// finish a nested container before it writes to the one around it, as
/// every synthesized and hand-written `encode(to:)` here does; a value that
/// goes back to a container it left is refused (``Failure/unsupported``).
public struct OrderedJSONEncoder {
  /// Why a value was not written.
  public enum Failure: Error, Equatable {
    /// `key` came after a key that sorts after it (or equal to it).
    case outOfOrder(key: String)
    /// NaN or an infinity, or containers nested too deep: what ``JSONWriter`` refuses.
    case unwritable
    /// The value used its containers in a way a stream cannot write
    /// (a finished container written to again, a super encoder).
    case unsupported
  }

  /// Creates an encoder.
  public init() {}

  /// `value` as compact JSON with sorted keys, the bytes ``JSONValue/jsonBytes``
  /// gives for `JSONValue(encoding: value)`.
  public func encode<T: Encodable>(_ value: T) throws(Failure) -> [UInt8] {
    var writer = JSONWriter()
    _ = try Self.write(value, into: &writer, depth: 0)
    return writer.bytes
  }

  /// Writes `value` into `writer` inside `depth` containers the caller has
  /// opened; with `marking`, returns where the value of that top-level
  /// integer member was written (``ResultTemplate``).
  static func write<T: Encodable>(
    _ value: T, into writer: inout JSONWriter, depth: Int, marking: String? = nil
  ) throws(Failure) -> Range<Int>? {
    let sink = StreamSink(writer: writer, depth: depth, mark: marking)
    writer = JSONWriter(capacity: 0)
    defer { writer = sink.writer }
    do {
      try sink.writeSlot(value, level: 0)
    } catch let failure as Failure {
      throw failure
    } catch {
      throw .unsupported
    }
    if let failure = sink.failure { throw failure }
    sink.close(above: -1)
    return sink.marked
  }
}

/// The bytes being written and the stack of containers still open, shared
/// by the encoder and every container of one ``OrderedJSONEncoder`` call.
final class StreamSink {
  /// One open object or array.
  struct Frame {
    /// Which slot opened it (``StreamEncoder/slot``).
    var slot: Int
    var isObject: Bool
    var count = 0
    var lastKey: String?
  }

  var writer: JSONWriter
  /// Containers the caller of ``OrderedJSONEncoder/write(_:into:depth:marking:)`` opened.
  let depth: Int
  let mark: String?
  var marked: Range<Int>?
  /// The open containers, outermost first: the frame at index `level`
  /// belongs to a slot of that nesting level.
  var frames: [Frame] = []
  /// The first misuse seen by a call that cannot throw.
  var failure: OrderedJSONEncoder.Failure?
  private var nextSlot = 0
  /// The last slot a single value container wrote.
  private var scalarSlot = 0

  init(writer: JSONWriter, depth: Int, mark: String?) {
    self.writer = writer
    self.depth = depth
    self.mark = mark
    frames.reserveCapacity(8)
  }

  /// A number for a new slot (a place where one value goes).
  func newSlot() -> Int {
    nextSlot += 1
    return nextSlot
  }

  /// Closes every open container deeper than `level`.
  func close(above level: Int) {
    while frames.count > level + 1 {
      writer.bytes.append(frames.removeLast().isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }
  }

  /// Whether the container of `slot` at `level` is still open.
  func isOpen(_ slot: Int, level: Int) -> Bool {
    level < frames.count && frames[level].slot == slot
  }

  /// Opens a container for `slot` at `level`, or finds it open (a second
  /// `container(keyedBy:)` call on one encoder continues the first).
  func open(_ slot: Int, level: Int, isObject: Bool) {
    if isOpen(slot, level: level) {
      if frames[level].isObject != isObject { fail(.unsupported) }
      return
    }
    guard frames.count == level, failure == nil else { return fail(.unsupported) }
    guard depth + level < JSONWriter.maximumDepth else { return fail(.unwritable) }
    frames.append(Frame(slot: slot, isObject: isObject))
    writer.bytes.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
  }

  func fail(_ reason: OrderedJSONEncoder.Failure) {
    if failure == nil { failure = reason }
  }

  /// Starts a member of the object of `slot` at `level`: closes what is
  /// open inside it, checks the order, writes the separator and the key.
  func beginMember(_ key: String, of slot: Int, level: Int) throws(OrderedJSONEncoder.Failure) {
    guard isOpen(slot, level: level), frames[level].isObject else { throw .unsupported }
    close(above: level)
    if let last = frames[level].lastKey, !JSONWriter.precedes(last, key) { throw .outOfOrder(key: key) }
    if frames[level].count > 0 { writer.bytes.append(UInt8(ascii: ",")) }
    frames[level].count += 1
    frames[level].lastKey = key
    writer.write(string: key)
    writer.bytes.append(UInt8(ascii: ":"))
  }

  /// Starts an element of the array of `slot` at `level`.
  func beginElement(of slot: Int, level: Int) throws(OrderedJSONEncoder.Failure) {
    guard isOpen(slot, level: level), !frames[level].isObject else { throw .unsupported }
    close(above: level)
    if frames[level].count > 0 { writer.bytes.append(UInt8(ascii: ",")) }
    frames[level].count += 1
  }

  /// Writes `value` into a new slot at `level` (after its key or separator):
  /// a scalar directly, anything else through its own `encode(to:)`; a
  /// value that writes nothing is `{}`, as ``JSONValueEncoder`` makes it.
  func writeSlot<T: Encodable>(_ value: T, level: Int) throws {
    if let scalar = JSONValueEncoder.scalar(value) { return try write(scalar, level: level) }
    let start = writer.bytes.count
    try value.encode(to: StreamEncoder(sink: self, level: level, slot: newSlot()))
    if writer.bytes.count == start { writer.append("{}") }
  }

  /// Writes a scalar or a ``JSONValue`` at `level` (sorted by ``JSONWriter``).
  func write(_ value: JSONValue, level: Int) throws(OrderedJSONEncoder.Failure) {
    do { try writer.write(value, depth: depth + level) } catch { throw .unwritable }
  }

  /// Writes the value of the integer member `key` of the object at
  /// `level`, remembering where it went when it is the marked member of
  /// the outermost object.
  func write(integer: Int, key: String, objectLevel level: Int) throws(OrderedJSONEncoder.Failure) {
    let start = writer.bytes.count
    try write(.number(Double(integer)), level: level + 1)
    if level == 0, key == mark { marked = start..<writer.bytes.count }
  }

  /// Writes a scalar as the whole value of `slot` at `level` (a single
  /// value container); a slot takes one value.
  func write(scalar: JSONValue, slot: Int, level: Int) throws(OrderedJSONEncoder.Failure) {
    guard slot != scalarSlot, !isOpen(slot, level: level) else { throw .unsupported }
    scalarSlot = slot
    try write(scalar, level: level)
  }
}
