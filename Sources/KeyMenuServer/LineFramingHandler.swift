import KeyMenuProtocol
import NIOCore

/// The first handler of a client's pipeline: splits the byte stream into
/// newline-terminated lines of at most `maximumLineBytes` bytes and gives
/// each begun line a deadline.
///
/// NIO's own `NIOSplitLinesMessageDecoder` also splits on `\r`, vertical tab
/// and form feed, which JSON text may legally contain inside strings only as
/// escapes but which would turn one bad line into several confusing errors;
/// the protocol is newline-delimited, so this handler splits on `\n` alone
/// and enforces the line limit itself, before buffering more (a longer line
/// is ``LineTooLong``, passed on as an error: the connection gets `-32002`
/// and closes). A last line without its newline is still a request: it is
/// passed on when the input ends (`printf '%s'`).
///
/// The deadline: bytes that arrive without their newline start a timer on
/// the channel's event loop, the newline cancels it, and if it fires first
/// ``Expired`` goes down the pipeline (the client gets `-32600` and is
/// closed there). Nothing polls: a connection that holds no partial line
/// has no timer at all, so idle connections cost no wake-ups (the per-uid
/// share bounds them). Plugins' pipes have no deadline (`milliseconds` nil).
///
/// One handler rather than a `ByteToMessageHandler` and a deadline handler
/// before it: a read that holds whole lines (a client's usual request) is
/// passed on as slices of the read's own buffer, nothing copied or kept,
/// which took a tenth of keymenud's CPU per `daemon.status` off.
final class LineFramingHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  /// The line limit was exceeded; the connection gets `-32002` and closes.
  struct LineTooLong: Error {}

  /// The user event fired when a begun line did not complete in time.
  struct Expired: Sendable, Equatable {
    /// The deadline, in milliseconds.
    var milliseconds: Int
  }

  let maximumLineBytes: Int
  /// The deadline of a begun line, or nil for none.
  let milliseconds: Int64?
  /// The begun line's bytes, when a read ended inside a line.
  private var partial: ByteBuffer?
  private var timer: Scheduled<Void>?
  /// Set once a line was too long or did not complete in time: nothing
  /// more is passed on.
  private var stopped = false
  /// Set once the input ended and its last line was passed on.
  private var ended = false

  /// Creates the handler; `milliseconds` is each begun line's deadline.
  init(maximumLineBytes: Int = ProtocolLimits.maximumLineBytes, milliseconds: Int64? = nil) {
    self.maximumLineBytes = maximumLineBytes
    self.milliseconds = milliseconds
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !stopped, !ended else { return }
    var bytes = unwrapInboundIn(data)
    if var begun = partial {
      partial = nil
      begun.writeBuffer(&bytes)
      bytes = begun
    }
    var completed = false
    while let newline = bytes.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
      let length = newline - bytes.readerIndex
      guard length <= maximumLineBytes else { return tooLong(context) }
      let line = bytes.readSlice(length: length)!
      bytes.moveReaderIndex(forwardBy: 1)
      completed = true
      context.fireChannelRead(wrapInboundOut(line))
      if stopped || ended { return }
    }
    guard bytes.readableBytes <= maximumLineBytes else { return tooLong(context) }
    if bytes.readableBytes > 0 { partial = bytes }
    // The line in progress (if any) is complete; a new one may have begun after the last newline.
    if completed { cancel() }
    if partial != nil, timer == nil { start(context) }
  }

  func channelInactive(context: ChannelHandlerContext) {
    end(context)
    context.fireChannelInactive()
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    // After a half-close the last line is read without its newline.
    if case .some(ChannelEvent.inputClosed) = event as? ChannelEvent { end(context) }
    context.fireUserInboundEventTriggered(event)
  }

  func handlerRemoved(context: ChannelHandlerContext) { cancel() }

  /// The input ended: the begun line, if any, is the last request.
  private func end(_ context: ChannelHandlerContext) {
    cancel()
    guard !stopped, !ended else { return }
    ended = true
    if let last = partial {
      partial = nil
      context.fireChannelRead(wrapInboundOut(last))
    }
  }

  private func tooLong(_ context: ChannelHandlerContext) {
    stopped = true
    partial = nil
    cancel()
    context.fireErrorCaught(LineTooLong())
  }

  private func start(_ context: ChannelHandlerContext) {
    guard let milliseconds else { return }
    let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
    timer = context.eventLoop.scheduleTask(in: .milliseconds(milliseconds)) {
      let (handler, context) = loopBound.value
      handler.timer = nil
      handler.stopped = true
      handler.partial = nil
      context.fireUserInboundEventTriggered(Expired(milliseconds: Int(milliseconds)))
    }
  }

  private func cancel() {
    timer?.cancel()
    timer = nil
  }
}
