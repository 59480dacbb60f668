public import KeyMenuProtocol
public import NIOCore
import NIOPosix
import Synchronization

extension SocketServer {
  /// Serves an external plugin over its pipes like a socket client: the
  /// same framing, limits, tier checks and delegate, with `tier` from the
  /// configuration instead of peer credentials. `responses` receives the
  /// plugin's answers to the daemon's own requests.
  ///
  /// Takes ownership of both descriptors (closed with the channel, or at
  /// once when attaching fails).
  public func attachPlugin(
    name: String, reading input: Int32, writing output: Int32, credentials: PeerCredentials, tier: Tier,
    responses: @escaping @Sendable (JSONValue) -> Void
  ) -> EventLoopFuture<ClientHandle> {
    let id = nextClientID.add(1, ordering: .relaxed).oldValue
    let logger = logger
    let outboundLimit = settings.outboundLimit
    return NIOPipeBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .takingOwnershipOfDescriptors(input: input, output: output)
      .flatMapThrowing { channel in
        let client = ClientHandle(
          id: id, credentials: credentials, tier: tier, outboundLimit: outboundLimit, channel: channel,
          logger: logger, pluginName: name, responses: responses)
        do {
          try self.serve(client, on: channel)
        } catch {
          channel.close(promise: nil)
          throw error
        }
        return client
      }
  }
}
