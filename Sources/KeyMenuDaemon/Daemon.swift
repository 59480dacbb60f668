import Glibc
public import KeyMenuConfig
import KeyMenuCore
import KeyMenuEngineActor
public import KeyMenuEvdev
public import KeyMenuPluginAPI
import KeyMenuProtocol
public import KeyMenuRuntime
import KeyMenuServer
public import Logging
import ServiceLifecycle
public import SystemPackage

/// `keymenud`: the device layer, the engine with its plugins, and the socket
/// server, composed in one service group.
public enum Daemon {
  /// What the command line and environment decide.
  public struct Options: Sendable {
    /// The main configuration file.
    public var configFile: String
    /// The drop-in directory (`nil`: none).
    public var dropInDirectory: String?
    /// The socket path, overriding the configuration (`KEYMENU_SOCKET`).
    public var socketPath: String?
    /// Where input devices appear.
    public var inputDirectory: String
    /// The daemon's version, for `hello` and `daemon.status`.
    public var version: String
    /// The process environment (`NOTIFY_SOCKET`, `LISTEN_FDS`).
    public var environment: [String: String]
    /// The plugins to run and the socket methods they declare.
    public var plugins: PluginCatalog

    /// Creates options.
    public init(
      configFile: String, dropInDirectory: String?, socketPath: String?,
      inputDirectory: String = "/dev/input",
      version: String, environment: [String: String], plugins: PluginCatalog
    ) {
      self.plugins = plugins
      self.configFile = configFile
      self.dropInDirectory = dropInDirectory
      self.socketPath = socketPath
      self.inputDirectory = inputDirectory
      self.version = version
      self.environment = environment
    }
  }

  /// The signals the daemon reads from a signalfd; create them on the main
  /// thread before anything else starts a thread.
  public static func makeSignals() throws(EvdevError) -> StopSignals {
    do {
      return try StopSignals([SIGINT, SIGTERM, SIGHUP, SIGCHLD])
    } catch {
      throw EvdevError(opening: "signalfd", errno: error)
    }
  }

  /// Starts a body on the thread the engine will own: a new thread
  /// (``RuntimeThread/start(name:_:)``) or the main thread
  /// (``MainThreadHost/start(_:)``); the error when it could not.
  public typealias ThreadStarter = @Sendable (_ body: @escaping @Sendable () -> Void) -> Errno?

  /// Runs until SIGTERM/SIGINT; throws when it cannot start (bad
  /// configuration, socket in use). The engine runs on the thread
  /// `engineThread` gives it (by default one of its own).
  public static func run(
    options: Options, configuration: DaemonConfiguration, signals: StopSignals, logger: Logger,
    engineThread: @escaping ThreadStarter = { RuntimeThread.start(name: "keymenu-engine", $0) }
  ) async throws {
    let source = ConfigSource(
      file: options.configFile, dropInDirectory: options.dropInDirectory, keyNames: .libevdev,
      plugins: options.plugins)
    let status = StatusBoard(
      version: options.version, methodTiers: options.plugins.methodTiers, topics: options.plugins.topics)
    let lifecycle = DaemonLifecycle(
      notifier: SystemdNotifier(environment: options.environment), logger: logger)
    let loop = try InputLoop(
      source: .directory(DeviceDirectory(path: options.inputDirectory), keyboardsOnly: false),
      stopSignals: signals)
    // The engine thread adopts the executor once it starts: jobs queued
    // before (a connection accepted early) wait for it.
    EngineExecutor.shared.expectEngineThread()
    let address = CoreAddress()
    let server = SocketServer(
      settings: .init(
        listener: try listener(options: options, configuration: configuration, logger: logger),
        partialLineMilliseconds: partialLineMilliseconds(options.environment)),
      tierPolicy: configuration.socket.tierPolicy(lookup: SystemAccounts.lookup, daemonUser: getuid()),
      delegate: DaemonServerDelegate(
        address: address, status: status, methodTiers: options.plugins.methodTiers),
      logger: logger, acceptGate: lifecycle.acceptGate,
      onListening: { address.post { core in core.socketListening() } })
    let engine = EngineService(loop: loop, address: address, logger: logger, startThread: engineThread) {
      DaemonCore(
        configuration: configuration, source: source, address: address, status: status, lifecycle: lifecycle,
        logger: logger, server: server
      ) { applied in
        server.setTierPolicy(applied.socket.tierPolicy(lookup: SystemAccounts.lookup, daemonUser: getuid()))
      }
    }
    // Signals are read by the engine's loop from a signalfd rather than by
    // ServiceGroup's dispatch-based handlers (see StopSignals); the engine
    // service ends on SIGTERM, and its end shuts the group down gracefully,
    // the server last, so answers already queued are still written.
    let group = ServiceGroup(
      configuration: .init(
        services: [
          .init(service: server, successTerminationBehavior: .gracefullyShutdownGroup),
          .init(service: engine, successTerminationBehavior: .gracefullyShutdownGroup),
        ],
        logger: logger))
    try await group.run()
    logger.info("stopped")
  }

  /// The partial-line deadline: ``ProtocolLimits/partialLineMilliseconds``,
  /// or `KEYMENU_LINE_TIMEOUT_MS` (1 to 600000) where tests shorten it.
  static func partialLineMilliseconds(_ environment: [String: String]) -> Int {
    guard let value = environment["KEYMENU_LINE_TIMEOUT_MS"].flatMap({ Int($0) }),
      (1...600_000).contains(value)
    else { return ProtocolLimits.partialLineMilliseconds }
    return value
  }

  /// The listening socket: systemd's, or one created at the configured path.
  static func listener(options: Options, configuration: DaemonConfiguration, logger: Logger) throws
    -> SocketServer.Listener
  {
    if let descriptor = SocketActivation.listeningDescriptor(environment: options.environment) {
      logger.info("using the socket passed by the service manager")
      return .inherited(descriptor: descriptor)
    }
    let path = options.socketPath ?? configuration.socket.path
    var group: UInt32?
    if let name = configuration.socket.group {
      if let gid = SystemAccounts.groupID(name) {
        group = gid
      } else {
        logger.warning("socket group \(name) does not exist; the socket keeps the daemon's group")
      }
    }
    logger.info("listening on \(path)")
    return .path(path, mode: configuration.socket.mode, group: group)
  }
}
