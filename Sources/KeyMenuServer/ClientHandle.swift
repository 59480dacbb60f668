public import KeyMenuProtocol
import Logging
import NIOCore
import Synchronization

/// One connected client as the rest of the daemon sees it: who it is, its
/// tier, and a bounded way to send it lines.
///
/// Sending never blocks. Lines wait in the connection's outbound queue, and
/// an ``OutboundFlow`` decides what happens when the client falls behind:
/// followed-state notifications are coalesced (the newest `state.changed`
/// is kept and sent with a `skipped` count once the queue drains), and a
/// client that lets more than ``outboundLimit`` bytes of answers and other
/// notifications pile up is told why (`client.disconnected`) and
/// disconnected, so nobody else slows down.
public final class ClientHandle: Sendable {
  /// How a notification may be coalesced when its client falls behind.
  public enum Coalescing: Sendable {
    /// Always queued (`device.*`, `selector.*`, `key`, ...).
    case never
    /// `alert.*` and `menu.*`: skipped while the client is behind.
    case followed
    /// `state.changed` with this state: only the newest is kept while the client is behind.
    case state(ModalState)
  }

  /// The connection's number, unique for the daemon's lifetime.
  public let id: Int
  /// Who connected, from `SO_PEERCRED`.
  public let credentials: PeerCredentials
  /// What the client may do.
  public let tier: Tier
  /// Bytes of answers and uncoalesced notifications that may wait unsent
  /// before the client is disconnected.
  public let outboundLimit: Int
  /// The external plugin at the other end of the pipes, or nil for a socket client.
  public let pluginName: String?
  /// Where a plugin's answers to the daemon's own requests go (`plugin.ping`).
  let responses: (@Sendable (JSONValue) -> Void)?
  /// Lines in a row that were not valid JSON-RPC (a plugin is cut off after a few).
  let invalidLinesInARow = Atomic<Int>(0)

  let channel: any Channel
  let outbound: Mutex<Outbound>
  let closed = Atomic<Bool>(false)
  /// Whether lines written on the event loop wait for ``releaseFlushes()``
  /// (only the event loop touches these two).
  let flushesHeld = Atomic<Bool>(false)
  /// Whether a line was written and not flushed while flushes were held.
  let unflushed = Atomic<Bool>(false)
  /// Bytes (and of them answers and events) ``writeNow(_:)`` handed to
  /// the channel and not yet reported to the flow (event loop only).
  let unsettledBytes = Atomic<Int>(0)
  let unsettledFirmBytes = Atomic<Int>(0)
  /// Whether the delegate has heard that the client is gone (once per client).
  let released = Atomic<Bool>(false)
  /// The requests handed to the engine and not carried out yet: reading
  /// pauses past their bound.
  public let intake: RequestIntake
  let logger: Logger

  /// How long a disconnected slow reader has to read its notice before the
  /// connection closes anyway.
  static let noticeGrace = TimeAmount.seconds(2)

  init(
    id: Int, credentials: PeerCredentials, tier: Tier, outboundLimit: Int, channel: any Channel,
    logger: Logger, pluginName: String? = nil, responses: (@Sendable (JSONValue) -> Void)? = nil
  ) {
    self.id = id
    self.credentials = credentials
    self.tier = tier
    self.outboundLimit = outboundLimit
    self.channel = channel
    self.logger = logger
    self.pluginName = pluginName
    self.responses = responses
    self.intake = RequestIntake(channel: channel)
    self.outbound = Mutex(
      Outbound(
        flow: OutboundFlow(
          coalesceAbove: min(ProtocolLimits.coalesceAboveBytes, outboundLimit / 4),
          resumeBelow: min(ProtocolLimits.coalesceResumeBelowBytes, outboundLimit / 16), limit: outboundLimit)
      ))
  }

  /// "client 7" or "plugin weather", for log lines.
  public var label: String { pluginName.map { "plugin \($0)" } ?? "client \(id)" }

  /// Queues one message (an answer, or a notification that is never
  /// coalesced); returns `false` if the client is gone or was just
  /// disconnected for not reading.
  @discardableResult
  public func send(_ message: RPCOutgoing) -> Bool { send(line: message.line()) }

  /// Queues one line (newline included) that is never coalesced; see ``send(_:)``.
  @discardableResult
  public func send(line: [UInt8]) -> Bool { send(notification: SharedLine(line), coalescing: .never) }

  /// Queues one line written once (newline included) that is never
  /// coalesced; see ``send(_:)``.
  @discardableResult
  public func send(line: SharedLine) -> Bool { send(notification: line, coalescing: .never) }

  /// Queues one notification line (newline included), coalesced as
  /// `coalescing` says when the client is behind; returns `false` if the
  /// client is gone or was just disconnected for not reading.
  @discardableResult
  public func send(notification line: [UInt8], coalescing: Coalescing) -> Bool {
    send(notification: SharedLine(line), coalescing: coalescing)
  }

  /// Queues one notification line written once for every subscriber; see
  /// ``send(notification:coalescing:)-([UInt8],_)``.
  @discardableResult
  public func send(notification line: SharedLine, coalescing: Coalescing) -> Bool {
    if closed.load(ordering: .relaxed) { return false }
    let kind: OutboundFlow<ModalState>.Line =
      switch coalescing {
      case .never: .answer
      case .followed: .followed
      case .state(let params): .state(params)
      }
    let onLoop = channel.eventLoop.inEventLoop
    var next = Handoff.none
    let sent = outbound.withLock { outbound -> Bool in
      switch outbound.flow.send(kind, bytes: line.count) {
      case .write:
        next = queue(line, firm: kind.isFirm, onLoop: onLoop, &outbound)
      case .writeState(let params, let skipped):
        let annotated = SharedLine(Self.stateLine(params, skipped: skipped))
        outbound.flow.queued(bytes: annotated.count)
        next = queue(annotated, firm: false, onLoop: onLoop, &outbound)
      case .coalesced:
        break
      case .disconnect(let pending):
        disconnect(pending: pending)
        return false
      case .discard:
        return false
      }
      return true
    }
    hand(next)
    return sent
  }

  /// `state.changed` with a `skipped` member.
  static func stateLine(_ state: ModalState, skipped: Int) -> [UInt8] {
    var state = state
    state.skipped = skipped
    return RPCOutgoing.notificationLine(method: ModalState.changedMethod, encoding: state)
  }

  /// A connection's outbound state: the flow's decisions and the lines
  /// decided but not yet handed to the channel.
  struct Outbound: Sendable {
    var flow: OutboundFlow<ModalState>
    var ready: [Queued] = []
    var drainScheduled = false
  }

  /// A line decided and not yet handed to the channel.
  struct Queued: Sendable {
    var line: SharedLine
    /// Whether it counts towards the disconnect limit (``OutboundFlow/Line/isFirm``).
    var firm: Bool
  }

  /// What ``queue(_:firm:onLoop:_:)`` leaves to do once the lock is released.
  enum Handoff {
    /// Nothing: the line waits for a drain already scheduled.
    case none
    /// Hand this line to the channel now (``writeNow(_:)``).
    case writeNow(Queued)
    /// Schedule the drain on the event loop.
    case scheduleDrain
  }

  /// Queues a line in the order decided; call with `outbound` locked, and
  /// ``hand(_:)`` what it returns once the lock is released.
  ///
  /// A line decided on the connection's event loop while nothing waits
  /// before it is returned, for the caller to hand to the channel at once
  /// once the lock is released (``writeNow(_:)``): nothing queued can be
  /// written before it, and a line decided meanwhile on another thread
  /// waits for a task on this same loop, so it follows. Every other line
  /// reaches the channel in one task on the event loop. Either way a
  /// completion never runs while the lock is held, the order of decisions
  /// is the order on the wire, and a burst is one flush.
  private func queue(_ line: SharedLine, firm: Bool, onLoop: Bool, _ outbound: inout Outbound) -> Handoff {
    if onLoop, !outbound.drainScheduled { return .writeNow(Queued(line: line, firm: firm)) }
    outbound.ready.append(Queued(line: line, firm: firm))
    guard !outbound.drainScheduled else { return .none }
    outbound.drainScheduled = true
    return .scheduleDrain
  }

  /// Does what ``queue(_:firm:onLoop:_:)`` left to do, with the lock
  /// released. The drain's task is scheduled here, not under the lock:
  /// scheduling wakes the event loop, which on the same CPU ran at once,
  /// found the lock still held by the thread it had preempted and went
  /// back to sleep on it (a futex round trip of about 0.05 ms per
  /// `state.changed`, in a scheduler trace of keymenud on one vCPU).
  private func hand(_ next: Handoff) {
    switch next {
    case .none: break
    case .writeNow(let queued): writeNow(queued)
    case .scheduleDrain: channel.eventLoop.execute { self.drain() }
    }
  }

  /// Hands a line decided on the event loop to the channel; flushed now,
  /// or, while the pipeline answers the requests of one read
  /// (``holdFlushes()``), once they are all answered.
  ///
  /// No promise per line: after the flush, ``settle()`` asks the channel
  /// whether anything is left unwritten, and in the usual case (nothing)
  /// reports the bytes written at once.
  private func writeNow(_ queued: Queued) {
    channel.write(queued.line.buffer, promise: nil)
    unsettledBytes.add(queued.line.count, ordering: .relaxed)
    if queued.firm { unsettledFirmBytes.add(queued.line.count, ordering: .relaxed) }
    if flushesHeld.load(ordering: .relaxed) {
      unflushed.store(true, ordering: .relaxed)
    } else {
      channel.flush()
      settle()
    }
  }

  /// Until ``releaseFlushes()``, lines written on the event loop wait for
  /// one flush: the answers to the requests of one read leave together.
  /// On the event loop.
  func holdFlushes() { flushesHeld.store(true, ordering: .relaxed) }

  /// Flushes what was written since ``holdFlushes()``; on the event loop.
  func releaseFlushes() {
    flushesHeld.store(false, ordering: .relaxed)
    if unflushed.exchange(false, ordering: .relaxed) {
      channel.flush()
      settle()
    }
  }

  /// Reports the lines ``writeNow(_:)`` flushed to the flow once they are
  /// written: now, when the channel holds nothing unwritten (the flush
  /// wrote them all, or the channel is closed and failed them); otherwise
  /// when an empty write queued behind them completes (writes complete in
  /// order). On the event loop, after a flush.
  private func settle() {
    let bytes = unsettledBytes.exchange(0, ordering: .relaxed)
    let firmBytes = unsettledFirmBytes.exchange(0, ordering: .relaxed)
    guard bytes > 0 else { return }
    guard let options = channel.syncOptions, let buffered = try? options.getOption(.bufferedWritableBytes),
      buffered > 0
    else { return written(bytes, firmBytes: firmBytes) }
    let behind = channel.eventLoop.makePromise(of: Void.self)
    behind.futureResult.whenComplete { _ in self.written(bytes, firmBytes: firmBytes) }
    channel.writeAndFlush(ByteBuffer(), promise: behind)
  }

  /// Hands the ready lines to the channel and flushes once; on the event
  /// loop. Writes complete in order, so the last one's completion reports
  /// the whole batch.
  private func drain() {
    let lines = outbound.withLock { outbound in
      outbound.drainScheduled = false
      defer { outbound.ready.removeAll() }
      return outbound.ready
    }
    guard let last = lines.last else { return }
    var bytes = 0
    var firmBytes = 0
    for queued in lines {
      bytes += queued.line.count
      if queued.firm { firmBytes += queued.line.count }
    }
    for queued in lines.dropLast() { channel.write(queued.line.buffer, promise: nil) }
    channel.write(last.line.buffer).whenComplete { [bytes, firmBytes] _ in
      self.written(bytes, firmBytes: firmBytes)
    }
    channel.flush()
  }

  /// A coalescing client caught up: what was waiting for it is freed (told
  /// to the delegate, ``SocketServerDelegate/backlogDrained(_:)``).
  struct CaughtUp {}

  /// A batch of writes completed: a coalescing client that caught up gets the newest state.
  private func written(_ count: Int, firmBytes: Int) {
    let next = outbound.withLock { outbound -> Handoff in
      let action = outbound.flow.written(bytes: count, firmBytes: firmBytes)
      guard case .writeState(let params, let skipped) = action, !closed.load(ordering: .relaxed) else {
        return .none
      }
      // It caught up: what it had waiting was freed.
      channel.pipeline.fireUserInboundEventTriggered(CaughtUp())
      let line = SharedLine(Self.stateLine(params, skipped: skipped))
      outbound.flow.queued(bytes: line.count)
      // Through the loop's queue: the completion that got here may run inside a flush.
      return queue(line, firm: false, onLoop: false, &outbound)
    }
    hand(next)
  }

  /// Gives up on a client that stopped reading: logs it once, queues the
  /// notice and closes once it is written (or after ``noticeGrace``).
  private func disconnect(pending: Int) {
    guard !closed.exchange(true, ordering: .relaxed) else { return }
    logger.warning(
      "\(label) (uid \(credentials.uid)) stopped reading: \(pending) bytes waiting; disconnected")
    let notice = ClientDisconnected(
      reason: ClientDisconnected.slowReader,
      message:
        "disconnected: more than \(outboundLimit) bytes of answers and notifications were waiting unread")
    let channel = channel
    let buffer = channel.allocator.buffer(bytes: notice.notification.line())
    channel.eventLoop.execute {
      // What it owns is released now, not when it finally reads or closes.
      channel.pipeline.fireUserInboundEventTriggered(GivenUp())
      // Written, then only the sending side is shut: the client reads the
      // notice and then the end. A full close with its requests still
      // unread here would reset the connection instead (ECONNRESET), and a
      // reset can take the notice with it. What it sends meanwhile is read
      // and dropped; the grace below (or its own close) ends the rest.
      channel.writeAndFlush(buffer).whenComplete { _ in
        channel.close(mode: .output).whenFailure { _ in channel.close(promise: nil) }
      }
      let grace = channel.eventLoop.scheduleTask(in: Self.noticeGrace) { channel.close(promise: nil) }
      // The timer holds the channel and all it queued: let go as soon as it closes.
      channel.closeFuture.whenComplete { _ in grace.cancel() }
    }
  }

  /// Sends a last message, then closes once it is written.
  public func send(_ message: RPCOutgoing, thenClose: Bool) {
    guard thenClose else { return _ = send(message) }
    guard !closed.exchange(true, ordering: .relaxed) else { return }
    let channel = channel
    let buffer = channel.allocator.buffer(bytes: message.line())
    // Through the loop's queue, like every other line, so it comes after them.
    channel.eventLoop.execute {
      channel.writeAndFlush(buffer).whenComplete { _ in channel.close(promise: nil) }
    }
  }

  /// Closes the connection now; lines not yet written are dropped.
  public func close() {
    guard !closed.exchange(true, ordering: .relaxed) else { return }
    channel.close(promise: nil)
  }
}

/// The user event that tells the pipeline a slow reader was given up on.
struct GivenUp: Sendable {}

extension OutboundFlow.Line {
  /// Whether the line counts towards the disconnect limit.
  var isFirm: Bool {
    switch self {
    case .answer, .event: true
    case .followed, .state: false
    }
  }
}
