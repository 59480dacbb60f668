#if DEBUG
  import KeyMenuRouting
  import FoundationEssentials
  import Glibc
  public import KeyMenuBuiltins
  public import KeyMenuConfig
  public import KeyMenuCore
  public import KeyMenuPluginAPI
  public import KeyMenuProtocol
  import KeyMenuEngineActor
  import KeyMenuRuntime
  public import Logging

  @testable package import KeyMenuDaemon
  @testable package import KeyMenuEvdev
  @testable package import KeyMenuServer

  /// keymenud's core in one process, without threads, sockets or devices,
  /// for tests and the dispatch fuzz target.
  ///
  /// Every call runs as the engine thread: the calling thread takes its turn
  /// (`EngineExecutor.runIsolated`), so the core, which is `@EngineActor`,
  /// is entered in its isolation domain, and tests running in parallel take
  /// turns, each call serial with every other daemon's. That turn is also
  /// what makes the kit `@unchecked Sendable`: its mutable state (clients,
  /// the keyboard) is touched only inside a turn, one thread at a time.
  ///
  /// Client bytes go through the server's pipeline (`SocketServer.serve`) on
  /// `EmbeddedChannel`s (``InProcessClient``) to the real
  /// `DaemonServerDelegate`, whose jobs ``settle()`` runs on the real
  /// `DaemonCore` by calling `loopWoke`, as the engine thread does after
  /// every wake-up. Keys come from a ``VirtualKeyboard`` and are handed to
  /// the core as the input loop hands it decoded events. The engine clock
  /// moves only when ``advanceClock(by:)`` says so.
  ///
  /// The configuration is TOML text, written to `keymenu.toml` in a private
  /// directory (mkdtemp) so that ``reload(configuration:)`` can read it
  /// again; the directory goes with the daemon. Built in debug builds only
  /// (it reaches the daemon's internals with `@testable import`).
  public final class InProcessDaemon: @unchecked Sendable {
    /// Where the engine clock starts: far enough ahead that `loopWoke`,
    /// which advances it to the real time since the core started, never does.
    static let clockOffset = Duration.seconds(1 << 40)

    /// The daemon's state, for white-box checks.
    package let core: DaemonCore
    /// The input loop's control the core was started with.
    package let control: InputLoopControl
    /// The server whose pipeline clients get (never listening).
    package let server: SocketServer
    /// The private directory holding the configuration file.
    public let directory: String
    /// The keyboard ``press(_:)`` and ``send(_:value:)`` type on.
    public private(set) var keyboard = VirtualKeyboard()
    private let queue: KitQueue
    private let logger: Logger
    private var clients: [InProcessClient] = []
    private var nextClientID = 1

    /// The configuration file (`keymenu.toml` in ``directory``).
    public var configurationFile: String { directory + "/keymenu.toml" }
    /// The daemon's stand-in for `/etc/default/keyboard` (`keyboard` in
    /// ``directory``, absent unless a test writes it): read at start and
    /// on every reload.
    public var systemKeyboardFile: String { directory + "/keyboard" }
    /// Keyboards plugged with ``plugKeyboard(_:name:)``, by device id.
    private var pluggedKeyboards: [DeviceID: VirtualKeyboard] = [:]

    /// Starts a core with the configuration `text`; throws when the
    /// configuration is refused (the error lists its diagnostics).
    ///
    /// - Parameter logger: where the daemon logs; by default nowhere. The
    ///   configuration's `log_level` sets its level.
    ///   `plugins`: the plugins the daemon is built with (keymenud's by default).
    public init(
      configuration text: String, logger: Logger = InProcessDaemon.silentLogger,
      plugins: PluginCatalog = BuiltinPlugins.catalog
    ) throws {
      self.logger = logger
      directory = try Self.makeDirectory()
      let directory = directory
      do {
        (queue, server, core, control) = try EngineExecutor.shared.runIsolated {
          try Self.start(configuration: text, in: directory, logger: logger, plugins: plugins)
        }
      } catch {
        try? FileManager.default.removeItem(atPath: directory)
        throw error
      }
      EngineExecutor.shared.runIsolated {
        core.loopStarted(control)
        core.engine.advance(by: Self.clockOffset)
        settleOnEngine()
      }
    }

    /// The parts of a daemon whose configuration file is `text`, made on the engine thread.
    @EngineActor private static func start(
      configuration text: String, in directory: String, logger: Logger, plugins: PluginCatalog
    ) throws -> (
      KitQueue, SocketServer, DaemonCore, InputLoopControl
    ) {
      try Self.write(text, to: directory + "/keymenu.toml")
      // The system's keyboard layout is `keyboard` in the directory (``systemKeyboardFile``),
      // not the machine's: without that file, the US layout.
      let source = ConfigSource(
        file: directory + "/keymenu.toml", dropInDirectory: nil, keyNames: .libevdev, plugins: plugins,
        systemKeyboardFile: directory + "/keyboard")
      let configuration = try source.load().get()
      let queue = KitQueue()
      let address = CoreAddress(handOver: queue.add, runHere: { _ in false })
      let status = StatusBoard(version: "test", methodTiers: plugins.methodTiers, topics: plugins.topics)
      let server = SocketServer(
        settings: .init(listener: .path(directory + "/unused.sock", mode: 0o600, group: nil)),
        tierPolicy: configuration.socket.tierPolicy(lookup: SystemAccounts.lookup),
        delegate: DaemonServerDelegate(address: address, status: status, methodTiers: plugins.methodTiers),
        logger: logger)
      let core = DaemonCore(
        configuration: configuration, source: source, address: address, status: status,
        lifecycle: DaemonLifecycle(notifier: SystemdNotifier(environment: [:]), logger: logger),
        logger: logger, server: nil, onConfigurationApplied: { _ in })
      // A loop's control with no devices, on a reactor that never runs.
      let reactor = Reactor(waker: try ReactorWaker())
      let control = InputLoopControl(
        state: InputLoopState(names: .libevdev, reactor: reactor, handler: { _ in }))
      return (queue, server, core, control)
    }

    deinit { removeDirectory() }

    /// A logger that drops everything.
    public static var silentLogger: Logger { Logger(label: "keymenu.test") { _ in SwiftLogNoOpLogHandler() } }

    /// Connects a client with `tier` and `uid`; a `pluginName` makes it an
    /// external plugin's connection (plugin-only methods, `plugin:NAME` owner).
    public func connect(tier: Tier, uid: UInt32 = 1000, pluginName: String? = nil) throws -> InProcessClient {
      try EngineExecutor.shared.runIsolated {
        try connectOnEngine(tier: tier, uid: uid, pluginName: pluginName)
      }
    }

    @EngineActor private func connectOnEngine(tier: Tier, uid: UInt32, pluginName: String?) throws
      -> InProcessClient
    {
      let client = try InProcessClient(
        id: nextClientID, tier: tier, uid: uid, pluginName: pluginName, daemon: self, server: server,
        logger: logger)
      nextClientID += 1
      clients.append(client)
      settleOnEngine()
      return client
    }

    /// Runs `body` with the core, the calling thread taking its turn as the
    /// engine thread: for white-box checks, and for driving the core past
    /// the client pipeline (a plugin's answer). Calls of the daemon inside
    /// `body` run in the same turn.
    package func onEngine<T>(_ body: @EngineActor (DaemonCore) throws -> T) rethrows -> T {
      try EngineExecutor.shared.runIsolated { try body(core) }
    }

    /// Runs the engine's queued jobs until none is left, collecting what
    /// each client was sent after each round (as the engine thread and the
    /// event loop would, in turn, until both are idle).
    public func settle() {
      EngineExecutor.shared.runIsolated { settleOnEngine() }
    }

    @EngineActor private func settleOnEngine() {
      repeat {
        EngineExecutor.shared.runPending()
        queue.runAll()
        _ = core.loopWoke(control)
        for client in clients { client.pump() }
      } while !queue.isEmpty
      clients.removeAll { $0.finished }
    }

    /// Presses and releases `key` on the keyboard, then settles.
    public func press(_ key: KeyCode) {
      send(key, value: 1)
      send(key, value: 0)
    }

    /// One key transition (`value` 1 down, 0 up, 2 repeat), decoded and
    /// handed to the core as the input loop does, then settles.
    public func send(_ key: KeyCode, value: Int32) {
      EngineExecutor.shared.runIsolated {
        core.handle(.keys(keyboard.transition(key, value: value)))
        settleOnEngine()
      }
    }

    /// Another keyboard is opened, as the input loop reports a device it
    /// opened: `.added` with the identity `name` and path
    /// `/dev/input/event<id>` (device rules match it); type on it with
    /// ``press(_:on:)`` and ``send(_:value:on:)``.
    public func plugKeyboard(_ device: DeviceID, name: String) {
      let identity = DeviceIdentity(path: "/dev/input/event\(device.rawValue)", name: name)
      let capabilities = DeviceCapabilities(keys: Set((1...127).map { KeyCode(UInt16($0)) }))
      let info = DeviceInfo(
        id: device, identity: identity, capabilities: capabilities,
        classification: DeviceClassification(capabilities))
      EngineExecutor.shared.runIsolated {
        pluggedKeyboards[device] = VirtualKeyboard(device: device)
        core.handle(.added(info))
        settleOnEngine()
      }
    }

    /// Presses and releases `key` on a keyboard plugged with ``plugKeyboard(_:name:)``.
    public func press(_ key: KeyCode, on device: DeviceID) {
      send(key, value: 1, on: device)
      send(key, value: 0, on: device)
    }

    /// One key transition on a keyboard plugged with ``plugKeyboard(_:name:)``.
    public func send(_ key: KeyCode, value: Int32, on device: DeviceID) {
      EngineExecutor.shared.runIsolated {
        guard let events = pluggedKeyboards[device]?.transition(key, value: value) else { return }
        core.handle(.keys(events))
        settleOnEngine()
      }
    }

    /// The kernel dropped events of the main keyboard and its key state was
    /// resynced, as the input loop reports it (the layout state starts again).
    public func resyncKeyboard() {
      let info = DeviceInfo(
        id: keyboard.device, identity: DeviceIdentity(path: "/dev/input/event1", name: "keyboard"),
        capabilities: DeviceCapabilities(keys: []),
        classification: DeviceClassification(DeviceCapabilities(keys: [])))
      EngineExecutor.shared.runIsolated {
        core.handle(.resynced(info))
        settleOnEngine()
      }
    }

    /// The keyboard goes away: the keys it held are released (synthetic key-up events).
    public func unplugKeyboard() {
      EngineExecutor.shared.runIsolated {
        core.handle(.keys(keyboard.unplug()))
        settleOnEngine()
      }
    }

    /// Moves the engine clock forward (alert timeouts, timers), then settles.
    public func advanceClock(by duration: Duration) {
      EngineExecutor.shared.runIsolated {
        core.engine.advance(by: duration)
        settleOnEngine()
      }
    }

    /// Writes `text` over the configuration file and reloads it as
    /// `config.reload` and SIGHUP do; on errors the configuration in force
    /// stays, and they are returned.
    @discardableResult
    public func reload(configuration text: String) throws -> Result<DaemonConfiguration, ConfigErrors> {
      try writeConfiguration(text)
      return EngineExecutor.shared.runIsolated {
        let result = core.reload(reason: "test")
        settleOnEngine()
        return result
      }
    }

    /// Why a daemon could not be set up (besides a refused configuration).
    public struct SetUpError: Error, CustomStringConvertible {
      /// What failed.
      public var message: String
      /// The errno of the call that failed.
      public var errno: Int32

      public var description: String { "\(message): \(String(cString: strerror(errno)))" }
    }

    /// Writes `text` over the configuration file without reloading it (a
    /// client's `config.reload` then reads it).
    public func writeConfiguration(_ text: String) throws { try Self.write(text, to: configurationFile) }

    /// Removes the private directory (done when the daemon goes; a daemon
    /// kept until exit calls it from `atexit`).
    public func removeDirectory() { try? FileManager.default.removeItem(atPath: directory) }

    private static func write(_ text: String, to file: String) throws {
      try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    }

    /// A new private directory (mode 0700) under `TMPDIR`, or `/tmp`.
    private static func makeDirectory() throws -> String {
      let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
      var template = Array((base + "/keymenu-inprocess-XXXXXX").utf8CString)
      guard let made = mkdtemp(&template) else {
        throw SetUpError(message: "cannot make a temporary directory under \(base)", errno: errno)
      }
      return String(cString: made)
    }
  }
#endif
