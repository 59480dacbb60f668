import NIOCore

/// One outgoing line (newline included) in the buffer every connection
/// writes: a notification for many subscribers is copied into it once, and
/// each connection's write shares it (a `ByteBuffer` is copy-on-write and
/// writing does not change it).
public struct SharedLine: Sendable {
  let buffer: ByteBuffer

  /// The line `bytes`, copied once.
  public init(_ bytes: [UInt8]) {
    buffer = ByteBufferAllocator().buffer(bytes: bytes)
  }

  /// A line written piece by piece straight into its buffer (room for
  /// `capacity` bytes to begin with): `write` is given the function that
  /// appends a piece.
  public init(capacity: Int, _ write: ((Span<UInt8>) -> Void) -> Void) {
    var buffer = ByteBufferAllocator().buffer(capacity: capacity)
    write { piece in buffer.writeBytes(piece.bytes) }
    self.buffer = buffer
  }

  /// Its length in bytes.
  public var count: Int { buffer.readableBytes }
}
