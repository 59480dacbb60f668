#if DEBUG
  public import KeyMenuProtocol
  import Logging
  import NIOCore
  package import NIOEmbedded

  import KeyMenuEngineActor
  import KeyMenuRuntime

  @testable package import KeyMenuServer

  /// One connection to an ``InProcessDaemon``: a NIO `EmbeddedChannel` with
  /// the server's real pipeline (`SocketServer.serve`: the line decoder and
  /// the protocol handler), made by ``InProcessDaemon/connect(tier:uid:pluginName:)``.
  ///
  /// Lines go in as a socket would deliver them (``send(_:)``,
  /// ``send(bytes:terminated:)``); what the daemon writes is collected, one
  /// line per message, whenever the daemon settles, and taken out with
  /// ``answer(to:)``, ``notifications(_:)`` or ``takeLines()``.
  public final class InProcessClient {
    /// The connection's number (`client:N` in owners and sources).
    public let id: Int
    /// The external plugin this client plays, or nil for a socket client.
    public var pluginName: String? { handle.pluginName }
    /// The connection as the daemon sees it.
    package let handle: ClientHandle
    /// The channel the pipeline runs on.
    package let channel = EmbeddedChannel()
    /// Whether ``hangUp()`` ran (the channel is finished and read no more).
    private(set) var finished = false
    /// Lines the daemon wrote, newline included, not taken yet.
    private var inbox: [[UInt8]] = []
    private weak var daemon: InProcessDaemon?

    init(
      id: Int, tier: Tier, uid: UInt32, pluginName: String?, daemon: InProcessDaemon, server: SocketServer,
      logger: Logger
    ) throws {
      self.id = id
      self.daemon = daemon
      // A plugin's answers to the daemon's own requests (`plugin.ping`) are dropped.
      var responses: (@Sendable (JSONValue) -> Void)?
      if pluginName != nil { responses = { (_: JSONValue) in } }
      handle = ClientHandle(
        id: id, credentials: PeerCredentials(pid: 1, uid: uid, gid: uid), tier: tier,
        outboundLimit: ProtocolLimits.outboundLimitBytes, channel: channel, logger: logger,
        pluginName: pluginName, responses: responses)
      try server.serve(handle, on: channel)
      try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
    }

    /// Whether the connection is open (the daemon closes it after a line
    /// over the limit, or a plugin's invalid lines).
    public var isConnected: Bool { channel.isActive }

    /// Sends `line` and its newline; the daemon handles it when it settles.
    public func send(_ line: String) throws {
      try send(bytes: Array(line.utf8))
    }

    /// Sends raw bytes, with a newline after them unless `terminated` is
    /// false (a line without one is read when the client hangs up).
    public func send(bytes: [UInt8], terminated: Bool = true) throws {
      try EngineExecutor.shared.runAsEngineThread { try sendOnEngine(bytes: bytes, terminated: terminated) }
    }

    private func sendOnEngine(bytes: [UInt8], terminated: Bool) throws {
      guard isConnected else { return }
      var buffer = channel.allocator.buffer(capacity: bytes.count + 1)
      buffer.writeBytes(bytes)
      if terminated { buffer.writeInteger(UInt8(ascii: "\n")) }
      try channel.writeInbound(buffer)
      channel.embeddedEventLoop.run()
    }

    /// Sends a JSON-RPC request, lets the daemon settle and returns its
    /// answer, or nil when none came yet (an alert waits for a key).
    @discardableResult
    public func request(_ id: Int, _ method: String, _ params: JSONValue? = nil) throws -> JSONValue? {
      var request: JSONValue = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method)]
      if let params { request = request.merging(["params": params]) }
      try send(request.jsonText)
      return answer(to: id)
    }

    /// Lets the daemon settle, then takes the response with this id, if it came.
    public func answer(to id: Int) -> JSONValue? {
      EngineExecutor.shared.runAsEngineThread {
        daemon?.settle()
        return take { $0["method"] == nil && $0["id"] == .int(id) }.first
      }
    }

    /// Lets the daemon settle, then takes every notification received (only
    /// those named `method` if given), oldest first.
    public func notifications(_ method: String? = nil) -> [JSONValue] {
      EngineExecutor.shared.runAsEngineThread {
        daemon?.settle()
        return take { message in
          guard case .string(let name)? = message["method"] else { return false }
          return method == nil || name == method
        }
      }
    }

    /// Takes every line received so far, newline included, oldest first
    /// (without settling: what the last settle collected).
    public func takeLines() -> [[UInt8]] {
      defer { inbox = [] }
      return inbox
    }

    /// Hangs up, as a client closing its socket does: a line sent without
    /// its newline is read now; the daemon then settles, and what it wrote
    /// before the close stays readable with ``takeLines()``.
    public func hangUp() {
      EngineExecutor.shared.runAsEngineThread { hangUpOnEngine() }
    }

    private func hangUpOnEngine() {
      guard !finished else { return }
      channel.close(promise: nil)
      pump()
      finished = true
      _ = try? channel.finish(acceptAlreadyClosed: true)
      daemon?.settle()
    }

    /// Runs the channel's event loop (``ClientHandle`` writes from tasks on
    /// it) and moves what the daemon wrote into the inbox.
    func pump() {
      guard !finished else { return }
      channel.embeddedEventLoop.run()
      // A write may hold several lines (a connection's ready lines go in one buffer).
      while let buffer = try? channel.readOutbound(as: ByteBuffer.self) {
        var rest = buffer.readableBytesView[...]
        while let newline = rest.firstIndex(of: 0x0A) {
          inbox.append(Array(rest[...newline]))
          rest = rest[(newline + 1)...]
        }
        if !rest.isEmpty { inbox.append(Array(rest)) }
      }
    }

    /// Removes and returns the parsed messages that match, keeping the others.
    private func take(where matches: (JSONValue) -> Bool) -> [JSONValue] {
      var taken: [JSONValue] = []
      inbox.removeAll { line in
        guard let message = JSONValue.parse(line.dropLast()), matches(message) else { return false }
        taken.append(message)
        return true
      }
      return taken
    }
  }
#endif
