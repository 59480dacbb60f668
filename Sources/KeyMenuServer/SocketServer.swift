import Glibc
public import KeyMenuProtocol
public import Logging
import NIOCore
import NIOPosix
public import ServiceLifecycle
import Synchronization

/// The Unix-socket JSON-RPC server: one connection per client, framing and
/// protocol errors answered here, everything else handed to the delegate.
///
/// A connection's error never stops the server. On graceful shutdown it stops
/// accepting, lets the delegate finish (answers already queued are written),
/// closes every client and removes the socket file it created.
public final class SocketServer: Service, Sendable {
  /// Where the listening socket comes from.
  public enum Listener: Sendable, Hashable {
    /// A socket file this server creates (and removes when it stops).
    case path(String, mode: UInt32, group: UInt32?)
    /// A listening socket passed by the service manager (`LISTEN_FDS`).
    case inherited(descriptor: Int32)
  }

  /// The server's settings.
  public struct Settings: Sendable {
    public var listener: Listener
    public var maximumClients: Int
    /// Connections one uid other than root may hold at once.
    public var maximumClientsPerUser: Int
    /// Bytes that cannot be coalesced a client may leave unread before it
    /// is disconnected.
    public var outboundLimit: Int
    /// Milliseconds a begun request line may take to complete.
    public var partialLineMilliseconds: Int

    /// Creates settings; the limits default to the documented ones.
    public init(
      listener: Listener, maximumClients: Int = ProtocolLimits.maximumClients,
      maximumClientsPerUser: Int = ProtocolLimits.maximumClientsPerUser,
      outboundLimit: Int = ProtocolLimits.outboundLimitBytes,
      partialLineMilliseconds: Int = ProtocolLimits.partialLineMilliseconds
    ) {
      self.listener = listener
      self.maximumClients = maximumClients
      self.maximumClientsPerUser = maximumClientsPerUser
      self.outboundLimit = outboundLimit
      self.partialLineMilliseconds = partialLineMilliseconds
    }
  }

  let settings: Settings
  let delegate: any SocketServerDelegate
  let logger: Logger
  let tierPolicy: Mutex<TierPolicy>
  let clients = Mutex<[Int: ClientHandle]>([:])
  let shares: Mutex<ConnectionShares>
  let nextClientID = Atomic<Int>(1)
  let onListening: @Sendable () -> Void
  let acceptGate: AcceptGate?
  /// The listening channel's ``AcceptPause``, and whether it pauses now (a
  /// connection that closes then lets it accept again).
  let acceptPause = Mutex<NIOLoopBound<AcceptPause>?>(nil)
  let acceptPaused = Atomic<Bool>(false)

  /// Creates a server; nothing is bound until ``run()``.
  ///
  /// - Parameters:
  ///   - acceptGate: when given, connections are accepted only once it opens
  ///     (the socket is bound and listens before, so clients wait in its backlog).
  ///   - onListening: called once the socket accepts connections.
  public init(
    settings: Settings, tierPolicy: TierPolicy, delegate: any SocketServerDelegate, logger: Logger,
    acceptGate: AcceptGate? = nil, onListening: @escaping @Sendable () -> Void = {}
  ) {
    self.acceptGate = acceptGate
    self.settings = settings
    self.delegate = delegate
    self.logger = logger
    self.tierPolicy = Mutex(tierPolicy)
    self.shares = Mutex(
      ConnectionShares(maximumTotal: settings.maximumClients, maximumPerUser: settings.maximumClientsPerUser))
    self.onListening = onListening
  }

  /// The socket file's path when this server creates it; nil for a socket
  /// the service manager passed.
  public var socketPath: String? {
    if case .path(let path, _, _) = settings.listener { return path }
    return nil
  }

  /// Replaces the uid/gid → tier map for connections made from now on.
  public func setTierPolicy(_ policy: TierPolicy) { tierPolicy.withLock { $0 = policy } }

  /// Listens until graceful shutdown or cancellation.
  public func run() async throws {
    let descriptor: Int32
    switch settings.listener {
    case .path(let path, let mode, let group):
      descriptor = try UnixListener.make(path: path, mode: mode, group: group)
    case .inherited(let inherited):
      descriptor = inherited
    }
    if let acceptGate {
      // Stopping before the gate opens must not leave the group waiting here.
      await withTaskCancellationHandler {
        await withGracefulShutdownHandler {
          await acceptGate.wait()
        } onGracefulShutdown: {
          acceptGate.open()
        }
      } onCancel: {
        acceptGate.open()
      }
      if Task.isCancelled || Task.isShuttingDownGracefully {
        close(descriptor)
        if case .path(let path, _, _) = settings.listener { unlink(path) }
        return
      }
    }
    let channel = try await bootstrap().withBoundSocket(descriptor).get()
    onListening()
    try await withGracefulShutdownHandler {
      try await channel.closeFuture.get()
    } onGracefulShutdown: {
      channel.close(promise: nil)
    }
    for client in clients.withLock({ Array($0.values) }) { client.close() }
    if case .path(let path, _, _) = settings.listener { unlink(path) }
  }

  private func bootstrap() -> ServerBootstrap {
    ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.backlog, value: 128)
      .serverChannelInitializer { [self] channel in
        channel.eventLoop.makeCompletedFuture {
          let pause = AcceptPause(logger: logger) { [self] in acceptPaused.store($0, ordering: .relaxed) }
          try channel.pipeline.syncOperations.addHandler(pause)
          acceptPause.withLock { $0 = NIOLoopBound(pause, eventLoop: channel.eventLoop) }
        }
      }
      .childChannelOption(.allowRemoteHalfClosure, value: true)
      .childChannelInitializer { [self] channel in
        PeerCredentials.read(from: channel).flatMap { credentials in
          self.accept(channel, credentials: credentials)
        }
      }
  }

  private func accept(_ channel: any Channel, credentials: PeerCredentials) -> EventLoopFuture<Void> {
    let id = nextClientID.add(1, ordering: .relaxed).oldValue
    let tier = tierPolicy.withLock { credentials.tier(under: $0) }
    let client = ClientHandle(
      id: id, credentials: credentials, tier: tier, outboundLimit: settings.outboundLimit, channel: channel,
      logger: logger)
    let uid = credentials.uid
    let admission = shares.withLock { $0.admit(uid: uid) }
    guard admission == .admitted else {
      refuse(client, admission)
      return channel.eventLoop.makeSucceededVoidFuture()
    }
    clients.withLock { $0[id] = client }
    channel.closeFuture.whenComplete { [self] _ in
      _ = clients.withLock { $0.removeValue(forKey: id) }
      descriptorFreed()
      for burst in shares.withLock({ $0.release(uid: uid) }) {
        if let uid = burst.uid {
          logger.notice(
            "uid \(uid) is back under its share; \(burst.refused) connections were refused meanwhile")
        } else {
          logger.notice(
            "below \(settings.maximumClients) clients again; \(burst.refused) connections were refused")
        }
      }
    }
    do {
      try serve(client, on: channel, partialLineMilliseconds: settings.partialLineMilliseconds)
    } catch {
      return channel.eventLoop.makeFailedFuture(error)
    }
    return channel.eventLoop.makeSucceededVoidFuture()
  }

  /// A descriptor was freed (a connection closed): if accepting paused for
  /// want of one, it goes on.
  func descriptorFreed() {
    guard acceptPaused.load(ordering: .relaxed), let pause = acceptPause.withLock({ $0 }) else { return }
    pause.eventLoop.execute { pause.value.descriptorFreed() }
  }

  /// Answers a refused connection with `-32003` and closes it; logs the
  /// first refusal of a burst only.
  private func refuse(_ client: ClientHandle, _ admission: ConnectionShares.Admission) {
    let uid = client.credentials.uid
    switch admission {
    case .admitted:
      return
    case .refusedShare(let first):
      if first {
        logger.warning(
          "refused a connection from uid \(uid): it holds \(settings.maximumClientsPerUser) already (its share); further refusals are counted until it is back under it"
        )
      }
      client.send(
        .error(id: nil, .tooManyConnections(uid: uid, share: settings.maximumClientsPerUser)), thenClose: true
      )
    case .refusedTotal(let first):
      if first {
        logger.warning(
          "refused a connection from uid \(uid): \(settings.maximumClients) clients already; further refusals are counted"
        )
      }
      client.send(.error(id: nil, .tooManyClients), thenClose: true)
    }
  }

  /// The pipeline every client gets, socket or plugin pipes: newline
  /// framing, then the protocol handler; then the delegate hears of it.
  /// Call on the channel's event loop.
  ///
  /// Socket clients get a `partialLineMilliseconds` deadline for each begun
  /// line; plugins (nil) do not.
  func serve(_ client: ClientHandle, on channel: any Channel, partialLineMilliseconds: Int? = nil) throws {
    try channel.pipeline.syncOperations.addHandler(
      LineFramingHandler(milliseconds: partialLineMilliseconds.map { Int64($0) }))
    try channel.pipeline.syncOperations.addHandler(
      ClientChannelHandler(client: client, delegate: delegate, logger: logger))
    delegate.clientConnected(client)
  }
}
