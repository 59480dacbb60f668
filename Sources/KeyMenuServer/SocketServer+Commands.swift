public import KeyMenuProtocol
public import NIOCore
import NIOPosix
import Synchronization

extension SocketServer {
  /// Serves the daemon's end of a socket pair whose other end a command
  /// keymenud started holds (`KEYMENU_FD`), like a socket client but with
  /// `tier` given instead of read from peer credentials (the pair's peer is
  /// keymenud itself): a command can talk back with exactly the rights it
  /// was given, for as long as it (or a process it passed the descriptor
  /// to) keeps its end open, without widening anyone's tier on the socket.
  ///
  /// Such connections are not counted in the socket's shares: each belongs
  /// to one running command, and the daemon bounds those per uid and in all
  /// (`[commands] max_running_per_uid`, `max_running`), holding a command's
  /// slot until `onClose`. They close with the server. Takes ownership of
  /// `descriptor`.
  ///
  /// - Parameter onClose: called once when the connection's channel closes.
  public func attachCommand(
    descriptor: Int32, credentials: PeerCredentials, tier: Tier, onClose: @escaping @Sendable () -> Void
  ) -> EventLoopFuture<ClientHandle> {
    let id = nextClientID.add(1, ordering: .relaxed).oldValue
    let logger = logger
    let outboundLimit = settings.outboundLimit
    let partialLine = settings.partialLineMilliseconds
    return ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .channelOption(.allowRemoteHalfClosure, value: true)
      .withConnectedSocket(descriptor)
      .flatMapThrowing { channel in
        let client = ClientHandle(
          id: id, credentials: credentials, tier: tier, outboundLimit: outboundLimit, channel: channel,
          logger: logger)
        self.clients.withLock { $0[id] = client }
        channel.closeFuture.whenComplete { _ in
          _ = self.clients.withLock { $0.removeValue(forKey: id) }
          onClose()
          // A descriptor is free again: accept what waits, if accepting paused for want of one.
          self.descriptorFreed()
        }
        do {
          try self.serve(client, on: channel, partialLineMilliseconds: partialLine)
        } catch {
          channel.close(promise: nil)
          throw error
        }
        return client
      }
  }
}
