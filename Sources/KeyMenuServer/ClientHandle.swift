import KeyMenuProtocol
import Logging
import NIOCore
import Synchronization

/// One connected client as the rest of the daemon sees it: who it is, its
/// tier, and a bounded way to send it lines.
///
/// Sending never blocks. Lines wait in the connection's outbound queue; a
/// client that lets more than ``outboundLimit`` bytes pile up (a subscriber
/// that stopped reading) is disconnected, so nobody else slows down.
public final class ClientHandle: Sendable {
  /// The connection's number, unique for the daemon's lifetime.
  public let id: Int
  /// Who connected, from `SO_PEERCRED`.
  public let credentials: PeerCredentials
  /// What the client may do.
  public let tier: Tier
  /// Bytes that may wait unsent before the client is disconnected.
  public let outboundLimit: Int
  /// The external plugin at the other end of the pipes, or nil for a socket client.
  public let pluginName: String?
  /// Where a plugin's answers to the daemon's own requests go (`plugin.ping`).
  let responses: (@Sendable (JSONValue) -> Void)?
  /// Lines in a row that were not valid JSON-RPC (a plugin is cut off after a few).
  let invalidLinesInARow = Atomic<Int>(0)

  let channel: any Channel
  let pendingBytes = Atomic<Int>(0)
  let closed = Atomic<Bool>(false)
  let logger: Logger

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
  }

  /// "client 7" or "plugin weather", for log lines.
  public var label: String { pluginName.map { "plugin \($0)" } ?? "client \(id)" }

  /// Queues one message; returns `false` if the client is gone or was just
  /// disconnected for not reading.
  @discardableResult
  public func send(_ message: RPCOutgoing) -> Bool { send(line: message.line()) }

  /// Queues one line (newline included); see ``send(_:)``.
  @discardableResult
  public func send(line: [UInt8]) -> Bool {
    if closed.load(ordering: .relaxed) { return false }
    let count = line.count
    let pending = pendingBytes.add(count, ordering: .relaxed).newValue
    if pending > outboundLimit {
      logger.warning(
        "client \(id) (uid \(credentials.uid)) stopped reading: \(pending) bytes waiting; disconnected")
      close()
      return false
    }
    let buffer = channel.allocator.buffer(bytes: line)
    channel.writeAndFlush(buffer).whenComplete { _ in
      self.pendingBytes.subtract(count, ordering: .relaxed)
    }
    return true
  }

  /// Sends a last message, then closes once it is written.
  public func send(_ message: RPCOutgoing, thenClose: Bool) {
    guard thenClose else { return _ = send(message) }
    guard !closed.exchange(true, ordering: .relaxed) else { return }
    let channel = channel
    channel.writeAndFlush(channel.allocator.buffer(bytes: message.line())).whenComplete { _ in
      channel.close(promise: nil)
    }
  }

  /// Closes the connection now; lines not yet written are dropped.
  public func close() {
    guard !closed.exchange(true, ordering: .relaxed) else { return }
    channel.close(promise: nil)
  }
}
