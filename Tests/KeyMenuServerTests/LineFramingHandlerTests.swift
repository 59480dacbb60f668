import KeyMenuProtocol
import NIOCore
import NIOEmbedded
import Testing

@testable import KeyMenuServer

/// The protocol's newline framing on an `EmbeddedChannel`: every input is
/// fed whole, byte by byte (so each line arrives split at every point) and
/// all inputs in one buffer, and must give exactly the lines listed; then
/// the line limit and the last line at the end of input.
@Suite struct LineFramingTests {
  /// The lines that come out of a handler with `limit` fed `chunks` in order.
  static func lines(of chunks: [String], limit: Int = ProtocolLimits.maximumLineBytes) throws -> [String] {
    let channel = EmbeddedChannel(handler: LineFramingHandler(maximumLineBytes: limit))
    for chunk in chunks { try channel.writeInbound(ByteBuffer(string: chunk)) }
    var lines: [String] = []
    while let line = try channel.readInbound(as: ByteBuffer.self) { lines.append(String(buffer: line)) }
    return lines
  }

  /// Checks each pair fed whole, byte by byte, and all pairs' inputs in one buffer.
  static func verify(
    _ pairs: [(input: String, lines: [String])], limit: Int = ProtocolLimits.maximumLineBytes
  )
    throws
  {
    for (input, expected) in pairs {
      #expect(try lines(of: [input], limit: limit) == expected, "\(input.debugDescription) whole")
      let bytes = Array(input.utf8).map { String(decoding: [$0], as: UTF8.self) }
      // Byte by byte: a multi-byte character's bytes are fed as one (String needs whole characters).
      let split = input.unicodeScalars.count == input.utf8.count ? bytes : input.map { String($0) }
      #expect(try lines(of: split, limit: limit) == expected, "\(input.debugDescription) byte by byte")
    }
    #expect(
      try lines(of: [pairs.map(\.input).joined()], limit: limit) == pairs.flatMap(\.lines),
      "all in one buffer")
  }

  @Test func linesAreSplitAtNewlinesAlone() throws {
    try Self.verify([
      (#"{"jsonrpc":"2.0","id":1,"method":"hello"}"# + "\n", [#"{"jsonrpc":"2.0","id":1,"method":"hello"}"#]),
      ("one\ntwo\nthree\n", ["one", "two", "three"]),
      // An empty line is a line (the protocol handler ignores it).
      ("\n", [""]),
      ("\n\n", ["", ""]),
      // No CRLF framing: a carriage return stays in its line (JSON reads it as white space).
      ("crlf\r\n", ["crlf\r"]),
      // Nor other separators NIOSplitLinesMessageDecoder splits on.
      ("a\rb\u{0B}c\u{0C}d\n", ["a\rb\u{0B}c\u{0C}d"]),
      ("é ✓ 🙂\n", ["é ✓ 🙂"]),
    ])
  }

  @Test func linesUpToTheLimitPass() throws {
    try Self.verify(
      [
        ("12345678\n", ["12345678"]),
        ("1234567\n8\n", ["1234567", "8"]),
        ("12345678\n12345678\n", ["12345678", "12345678"]),
      ], limit: 8)
  }

  @Test func theDefaultLimitIsTheProtocols() {
    #expect(LineFramingHandler().maximumLineBytes == ProtocolLimits.maximumLineBytes)
    #expect(ProtocolLimits.maximumLineBytes == 65536)
  }

  /// A channel with the handler and a limit of 8 bytes.
  func makeChannel() -> EmbeddedChannel {
    EmbeddedChannel(handler: LineFramingHandler(maximumLineBytes: 8))
  }

  @Test func aLineOverTheLimitIsAnError() throws {
    let channel = makeChannel()
    try channel.writeInbound(ByteBuffer(string: "fine\n"))
    #expect(throws: LineFramingHandler.LineTooLong.self) {
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
    #expect(throws: LineFramingHandler.LineTooLong.self) {
      try channel.writeInbound(ByteBuffer(string: "9"))
    }
    #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
  }

  @Test func aLongLineAfterShortOnesInOneBufferIsStillRefused() throws {
    let channel = makeChannel()
    #expect(throws: LineFramingHandler.LineTooLong.self) {
      try channel.writeInbound(ByteBuffer(string: "a\nb\n123456789\nc\n"))
    }
    #expect(try channel.readInbound(as: ByteBuffer.self) == ByteBuffer(string: "a"))
    #expect(try channel.readInbound(as: ByteBuffer.self) == ByteBuffer(string: "b"))
    #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
  }

  @Test func nothingPassesOnceALineWasTooLong() throws {
    let channel = makeChannel()
    #expect(throws: LineFramingHandler.LineTooLong.self) {
      try channel.writeInbound(ByteBuffer(string: "123456789"))
    }
    try channel.writeInbound(ByteBuffer(string: "\nfine\nlast"))
    channel.pipeline.fireChannelInactive()
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

  @Test func aLastLineWithoutItsNewlineIsReadAtAHalfClose() throws {
    let channel = makeChannel()
    try channel.writeInbound(ByteBuffer(string: "one\ntw"))
    try channel.writeInbound(ByteBuffer(string: "o"))
    channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
    #expect(try channel.readInbound(as: ByteBuffer.self) == ByteBuffer(string: "one"))
    #expect(try channel.readInbound(as: ByteBuffer.self) == ByteBuffer(string: "two"))
    // Once only: the close that follows passes nothing again.
    channel.pipeline.fireChannelInactive()
    #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
  }
}

/// The partial-line deadline on an `EmbeddedChannel` with virtual time.
@Suite struct LineDeadlineTests {
  /// Records the deadline events that reach the end of the pipeline.
  final class Recorder: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    var expired: [LineFramingHandler.Expired] = []

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
      if let event = event as? LineFramingHandler.Expired { expired.append(event) }
      context.fireUserInboundEventTriggered(event)
    }
  }

  let channel = EmbeddedChannel()
  let recorder = Recorder()

  init() throws {
    try channel.pipeline.syncOperations.addHandler(LineFramingHandler(milliseconds: 1000))
    try channel.pipeline.syncOperations.addHandler(recorder)
  }

  func receive(_ text: String) throws {
    try channel.writeInbound(channel.allocator.buffer(string: text))
  }

  func advance(_ milliseconds: Int64) {
    channel.embeddedEventLoop.advanceTime(by: .milliseconds(milliseconds))
  }

  /// The lines passed on so far.
  func lines() throws -> [String] {
    var lines: [String] = []
    while let line = try channel.readInbound(as: ByteBuffer.self) { lines.append(String(buffer: line)) }
    return lines
  }

  @Test func aLineBegunAndNotCompletedExpiresOnce() throws {
    try receive(#"{"jsonrpc":"2.0","#)
    advance(600)
    try receive(#""id":1,"#)
    advance(399)
    #expect(recorder.expired.isEmpty, "the deadline runs from the line's first byte")
    advance(1)
    #expect(recorder.expired == [LineFramingHandler.Expired(milliseconds: 1000)])
    try receive("more without a newline\n")
    advance(5000)
    #expect(recorder.expired.count == 1, "one event per connection")
    #expect(try lines().isEmpty, "nothing passes after the deadline")
  }

  @Test func aLineCompletedInTimeCancelsTheDeadline() throws {
    try receive(#"{"jsonrpc":"2.0","id":1,"#)
    advance(900)
    try receive(#""method":"hello"}"# + "\n")
    advance(10_000)
    #expect(recorder.expired.isEmpty)
    #expect(try lines() == [#"{"jsonrpc":"2.0","id":1,"method":"hello"}"#])
  }

  @Test func theNextLineGetsItsOwnDeadline() throws {
    try receive("{}\n{\"begun\":")
    advance(700)
    try receive("1}\n{")
    advance(999)
    #expect(recorder.expired.isEmpty, "the third line began 999 ms ago")
    advance(1)
    #expect(recorder.expired.count == 1)
  }

  @Test func idleConnectionsAndWholeLinesHaveNoDeadline() throws {
    advance(60_000)
    try receive("{}\n{}\n")
    advance(60_000)
    #expect(recorder.expired.isEmpty)
  }

  @Test func linesSplitAcrossReadsPassWhole() throws {
    try receive("ab")
    try receive("c\nd")
    #expect(try lines() == ["abc"])
    try receive("e\n")
    #expect(try lines() == ["de"])
  }

  @Test func aHalfCloseEndsTheDeadline() throws {
    try receive(#"{"jsonrpc":"2.0","id":1,"method":"hello"}"#)
    channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
    advance(5000)
    #expect(recorder.expired.isEmpty, "the last line is read at the half-close")
    #expect(try lines() == [#"{"jsonrpc":"2.0","id":1,"method":"hello"}"#])
  }

  @Test func pluginPipesHaveNoDeadline() throws {
    let channel = EmbeddedChannel()
    let recorder = Recorder()
    try channel.pipeline.syncOperations.addHandler(LineFramingHandler())
    try channel.pipeline.syncOperations.addHandler(recorder)
    try channel.writeInbound(channel.allocator.buffer(string: "begun"))
    channel.embeddedEventLoop.advanceTime(by: .seconds(3600))
    #expect(recorder.expired.isEmpty)
  }
}
