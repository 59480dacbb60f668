import KeyMenuProtocol
import NIOCore
import NIOEmbedded
import NIOTestUtils
import Testing

@testable import KeyMenuServer

/// The protocol's newline framing, checked the way swift-nio checks its own
/// decoders: `ByteToMessageDecoderVerifier` feeds every input whole, byte by
/// byte (so each line arrives split at every point) and all in one buffer,
/// in shuffled orders, and expects exactly the lines listed; the line limit
/// and the last line at end of input are checked on an `EmbeddedChannel`.
@Suite struct LineFrameDecoderTests {
  /// The lines of `text`, as the decoder emits them (newline removed).
  static func lines(_ texts: String...) -> [ByteBuffer] { texts.map { ByteBuffer(string: $0) } }

  @Test func linesAreSplitAtNewlinesAlone() throws {
    try ByteToMessageDecoderVerifier.verifyDecoder(
      stringInputOutputPairs: [
        (
          #"{"jsonrpc":"2.0","id":1,"method":"hello"}"# + "\n",
          Self.lines(#"{"jsonrpc":"2.0","id":1,"method":"hello"}"#)
        ),
        ("one\ntwo\nthree\n", Self.lines("one", "two", "three")),
        // An empty line is a line (the protocol handler ignores it).
        ("\n", Self.lines("")),
        ("\n\n", Self.lines("", "")),
        // No CRLF framing: a carriage return stays in its line (JSON reads it as white space).
        ("crlf\r\n", Self.lines("crlf\r")),
        // Nor other separators NIOSplitLinesMessageDecoder splits on.
        ("a\rb\u{0B}c\u{0C}d\n", Self.lines("a\rb\u{0B}c\u{0C}d")),
        ("é ✓ 🙂\n", Self.lines("é ✓ 🙂")),
      ],
      decoderFactory: { LineFrameDecoder() })
  }

  @Test func linesUpToTheLimitPass() throws {
    try ByteToMessageDecoderVerifier.verifyDecoder(
      stringInputOutputPairs: [
        ("12345678\n", Self.lines("12345678")),
        ("1234567\n8\n", Self.lines("1234567", "8")),
        ("12345678\n12345678\n", Self.lines("12345678", "12345678")),
      ],
      decoderFactory: { LineFrameDecoder(maximumLineBytes: 8) })
  }

  @Test func theDefaultLimitIsTheProtocols() {
    #expect(LineFrameDecoder().maximumLineBytes == ProtocolLimits.maximumLineBytes)
    #expect(ProtocolLimits.maximumLineBytes == 65536)
  }

  /// A channel with the decoder and a limit of 8 bytes.
  func makeChannel() -> EmbeddedChannel {
    EmbeddedChannel(handler: ByteToMessageHandler(LineFrameDecoder(maximumLineBytes: 8)))
  }

  @Test func aLineOverTheLimitIsAnError() throws {
    let channel = makeChannel()
    try channel.writeInbound(ByteBuffer(string: "fine\n"))
    #expect(throws: LineFrameDecoder.LineTooLong.self) {
      try channel.writeInbound(ByteBuffer(string: "123456789\n"))
    }
    #expect(try channel.readInbound(as: ByteBuffer.self) == ByteBuffer(string: "fine"))
    #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
  }

  @Test func aLineOverTheLimitIsRefusedBeforeItsNewlineComes() throws {
    let channel = makeChannel()
    try channel.writeInbound(ByteBuffer(string: "1234"))
    try channel.writeInbound(ByteBuffer(string: "5678"))
    // Nine bytes and no newline yet: no need to buffer more to know.
    #expect(throws: LineFrameDecoder.LineTooLong.self) {
      try channel.writeInbound(ByteBuffer(string: "9"))
    }
    #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
  }

  @Test func aLongLineAfterShortOnesInOneBufferIsStillRefused() throws {
    let channel = makeChannel()
    #expect(throws: LineFrameDecoder.LineTooLong.self) {
      try channel.writeInbound(ByteBuffer(string: "a\nb\n123456789\nc\n"))
    }
    #expect(try channel.readInbound(as: ByteBuffer.self) == ByteBuffer(string: "a"))
    #expect(try channel.readInbound(as: ByteBuffer.self) == ByteBuffer(string: "b"))
    #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
  }

  @Test func aLastLineWithoutItsNewlineIsReadAtTheEnd() throws {
    let channel = makeChannel()
    try channel.writeInbound(ByteBuffer(string: "one\ntwo"))
    #expect(try channel.readInbound(as: ByteBuffer.self) == ByteBuffer(string: "one"))
    #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
    // The peer closes (printf '%s' ... | socat): what is left is the last request.
    channel.pipeline.fireChannelInactive()
    #expect(try channel.readInbound(as: ByteBuffer.self) == ByteBuffer(string: "two"))
    #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
  }
}
