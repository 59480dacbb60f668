import NIOCore
import NIOEmbedded
import Testing

@testable import KeyMenuServer

/// The partial-line deadline on an `EmbeddedChannel` with virtual time.
@Suite struct LineDeadlineHandlerTests {
  /// Records the deadline events that reach the end of the pipeline.
  final class Recorder: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    var expired: [LineDeadlineHandler.Expired] = []

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
      if let event = event as? LineDeadlineHandler.Expired { expired.append(event) }
      context.fireUserInboundEventTriggered(event)
    }
  }

  let channel = EmbeddedChannel()
  let recorder = Recorder()

  init() throws {
    try channel.pipeline.syncOperations.addHandler(LineDeadlineHandler(milliseconds: 1000))
    try channel.pipeline.syncOperations.addHandler(recorder)
  }

  func receive(_ text: String) throws {
    try channel.writeInbound(channel.allocator.buffer(string: text))
  }

  func advance(_ milliseconds: Int64) {
    channel.embeddedEventLoop.advanceTime(by: .milliseconds(milliseconds))
  }

  @Test func aLineBegunAndNotCompletedExpiresOnce() throws {
    try receive(#"{"jsonrpc":"2.0","#)
    advance(600)
    try receive(#""id":1,"#)
    advance(399)
    #expect(recorder.expired.isEmpty, "the deadline runs from the line's first byte")
    advance(1)
    #expect(recorder.expired == [LineDeadlineHandler.Expired(milliseconds: 1000)])
    try receive("more without a newline")
    advance(5000)
    #expect(recorder.expired.count == 1, "one event per connection")
  }

  @Test func aLineCompletedInTimeCancelsTheDeadline() throws {
    try receive(#"{"jsonrpc":"2.0","id":1,"#)
    advance(900)
    try receive(#""method":"hello"}"# + "\n")
    advance(10_000)
    #expect(recorder.expired.isEmpty)
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

  @Test func theBytesPassUnchanged() throws {
    try receive("ab")
    try receive("c\nd")
    var received = ""
    while let buffer = try channel.readInbound(as: ByteBuffer.self) {
      received += String(buffer: buffer)
    }
    #expect(received == "abc\nd")
  }

  @Test func aHalfCloseEndsTheDeadline() throws {
    try receive(#"{"jsonrpc":"2.0","id":1,"method":"hello"}"#)
    channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
    advance(5000)
    #expect(recorder.expired.isEmpty, "the decoder reads the last line at the half-close")
  }
}
