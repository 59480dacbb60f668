/// Reads a fuzz input front to back: single bytes and little-endian integers,
/// with zeros once the input runs out, so every input means something.
public struct ByteReader {
  private let bytes: [UInt8]
  /// The offset of the next byte to read.
  public private(set) var offset = 0

  /// A reader at the start of `bytes`.
  public init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Whether every byte was read.
  public var isAtEnd: Bool { offset >= bytes.count }

  /// How many bytes are left.
  public var remaining: Int { max(0, bytes.count - offset) }

  /// The next byte, or 0 at the end.
  public mutating func byte() -> UInt8 {
    defer { offset += 1 }
    return offset < bytes.count ? bytes[offset] : 0
  }

  /// The next `count` bytes as a little-endian unsigned integer (count <= 8).
  public mutating func littleEndian(_ count: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<count { value |= UInt64(byte()) << (8 * UInt64(index)) }
    return value
  }
}
