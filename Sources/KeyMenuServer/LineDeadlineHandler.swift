import NIOCore

/// Gives each begun request line a deadline: bytes that arrive without their
/// newline start a timer on the channel's event loop, the newline cancels it,
/// and if it fires first ``Expired`` goes down the pipeline (the client gets
/// `-32600` and is closed there).
///
/// Nothing polls: a connection that holds no partial line has no timer at
/// all, so idle connections cost no wake-ups (the per-uid share bounds them).
/// Sits before the line decoder and passes every byte on unchanged.
final class LineDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  /// The user event fired when a begun line did not complete in time.
  struct Expired: Sendable, Equatable {
    /// The deadline, in milliseconds.
    var milliseconds: Int
  }

  let milliseconds: Int64
  private var timer: Scheduled<Void>?
  private var expired = false

  /// Creates the handler with a deadline of `milliseconds` per line.
  init(milliseconds: Int64) {
    self.milliseconds = milliseconds
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if expired { return }
    let chunk = unwrapInboundIn(data)
    let view = chunk.readableBytesView
    if let last = view.last {
      let newline = UInt8(ascii: "\n")
      if view.contains(newline) {
        // The line in progress (if any) is complete; a new one may begin after
        // the last newline.
        cancel()
        if last != newline { start(context) }
      } else if timer == nil {
        start(context)
      }
    }
    context.fireChannelRead(data)
  }

  func channelInactive(context: ChannelHandlerContext) {
    cancel()
    context.fireChannelInactive()
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    // After a half-close the decoder reads the last line without its newline.
    if case .some(ChannelEvent.inputClosed) = event as? ChannelEvent { cancel() }
    context.fireUserInboundEventTriggered(event)
  }

  func handlerRemoved(context: ChannelHandlerContext) { cancel() }

  private func start(_ context: ChannelHandlerContext) {
    let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
    timer = context.eventLoop.scheduleTask(in: .milliseconds(milliseconds)) {
      let (handler, context) = loopBound.value
      handler.timer = nil
      handler.expired = true
      context.fireUserInboundEventTriggered(Expired(milliseconds: Int(handler.milliseconds)))
    }
  }

  private func cancel() {
    timer?.cancel()
    timer = nil
  }
}
