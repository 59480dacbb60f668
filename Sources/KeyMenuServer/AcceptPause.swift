import Glibc
import Logging
import NIOCore

/// Stops the listening socket's accepting while keymenud is out of
/// descriptors (`accept` fails with `EMFILE`, `ENFILE`, `ENOBUFS` or
/// `ENOMEM`), until one is freed: a connection closes (``descriptorFreed()``)
/// or, for a descriptor freed elsewhere, a second has passed.
///
/// Without it NIO's accept loop spins: the connection stays in the backlog,
/// so the socket stays readable and every wake-up fails again (keymenud at
/// 30-58 % CPU, logging nothing; NIO's own `AcceptBackoffHandler` holds back
/// the next `read`, but a failed accept leaves the read pending and the
/// socket registered, so it spins too). Pausing turns `autoRead` off, which
/// takes the socket out of epoll until accepting resumes. Connections meanwhile wait in the backlog
/// and are accepted once a descriptor is free. Logs the first failure of a
/// burst and its end (accepting went on for a second without failing),
/// one line each. Lives on the server channel's event loop.
final class AcceptPause: ChannelDuplexHandler {
  typealias InboundIn = any Channel
  typealias InboundOut = any Channel
  typealias OutboundIn = any Channel

  /// How long accepting pauses when no descriptor is seen freed.
  static let retry = TimeAmount.seconds(1)

  private let logger: Logger
  private let paused: @Sendable (Bool) -> Void
  private var context: ChannelHandlerContext?
  private var isPaused = false
  private var retryTimer: Scheduled<Void>?
  private var quietTimer: Scheduled<Void>?
  /// Accepts that failed in the current burst, and when it began.
  private var failures = 0
  private var burstStart = NIODeadline.now()

  /// Creates the handler; `paused` hears when accepting pauses and resumes.
  init(logger: Logger, paused: @escaping @Sendable (Bool) -> Void) {
    self.logger = logger
    self.paused = paused
  }

  func handlerAdded(context: ChannelHandlerContext) { self.context = context }

  func handlerRemoved(context: ChannelHandlerContext) {
    retryTimer?.cancel()
    quietTimer?.cancel()
    self.context = nil
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    guard let code = (error as? IOError)?.errnoCode, [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(code) else {
      return context.fireErrorCaught(error)
    }
    failures += 1
    if failures == 1 {
      burstStart = .now()
      logger.error(
        "cannot accept a connection: \(String(cString: strerror(code))) (errno \(code)); accepting pauses until a descriptor is freed, connections wait in the backlog"
      )
    }
    pause(context)
  }

  /// A descriptor was freed: accept again if accepting paused. Call on the
  /// handler's event loop.
  func descriptorFreed() {
    guard isPaused, let context else { return }
    resume(context)
  }

  private func pause(_ context: ChannelHandlerContext) {
    guard !isPaused else { return }
    quietTimer?.cancel()
    quietTimer = nil
    isPaused = true
    paused(true)
    // Fails only on a closed channel, which accepts nothing anyway.
    try? context.channel.syncOptions?.setOption(.autoRead, value: false)
    retryTimer = context.eventLoop.assumeIsolated().scheduleTask(in: Self.retry) { [weak self] in
      guard let self, let context = self.context else { return }
      self.resume(context)
    }
  }

  private func resume(_ context: ChannelHandlerContext) {
    retryTimer?.cancel()
    retryTimer = nil
    isPaused = false
    paused(false)
    try? context.channel.syncOptions?.setOption(.autoRead, value: true)
    // While every descriptor is taken, any accept fails (even with nothing
    // waiting): the burst ends once accepting has gone on for a retry
    // period without failing.
    quietTimer = context.eventLoop.assumeIsolated().scheduleTask(in: Self.retry) { [weak self] in
      self?.burstEnded()
    }
  }

  private func burstEnded() {
    quietTimer = nil
    guard !isPaused, failures > 0 else { return }
    let milliseconds = (NIODeadline.now() - burstStart).nanoseconds / 1_000_000
    logger.notice(
      "accepting connections again; \(failures) accepts failed for want of descriptors over \(milliseconds) ms"
    )
    failures = 0
  }
}
