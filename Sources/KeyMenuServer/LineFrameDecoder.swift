import KeyMenuProtocol
import NIOCore

/// Splits a byte stream into newline-terminated lines of at most
/// ``ProtocolLimits/maximumLineBytes`` bytes.
///
/// NIO's own `NIOSplitLinesMessageDecoder` also splits on `\r`, vertical tab
/// and form feed, which JSON text may legally contain inside strings only as
/// escapes but which would turn one bad line into several confusing errors;
/// the protocol is newline-delimited, so this decoder splits on `\n` alone
/// and enforces the line limit itself, before buffering more.
struct LineFrameDecoder: ByteToMessageDecoder {
  typealias InboundOut = ByteBuffer

  /// The line limit was exceeded; the connection gets `-32002` and closes.
  struct LineTooLong: Error {}

  let maximumLineBytes: Int

  init(maximumLineBytes: Int = ProtocolLimits.maximumLineBytes) {
    self.maximumLineBytes = maximumLineBytes
  }

  mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
    guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
      if buffer.readableBytes > maximumLineBytes { throw LineTooLong() }
      return .needMoreData
    }
    let length = newline - buffer.readerIndex
    if length > maximumLineBytes { throw LineTooLong() }
    let line = buffer.readSlice(length: length)!
    buffer.moveReaderIndex(forwardBy: 1)
    context.fireChannelRead(wrapInboundOut(line))
    return .continue
  }

  mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws
    -> DecodingState
  {
    // A last line without its newline is still a request (`printf '%s'`).
    while try decode(context: context, buffer: &buffer) == .continue {}
    if buffer.readableBytes > 0 {
      let line = buffer.readSlice(length: buffer.readableBytes)!
      context.fireChannelRead(wrapInboundOut(line))
    }
    return .needMoreData
  }
}
