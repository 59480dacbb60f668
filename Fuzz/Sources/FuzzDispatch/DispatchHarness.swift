import FoundationEssentials
import FuzzSupport
import Glibc
import KeyMenuConfig
import KeyMenuCore
import KeyMenuProtocol
import Logging

@testable import KeyMenuDaemon
@testable import KeyMenuEvdev
@testable import KeyMenuServer

/// keymenud's request path in one process, without threads or sockets:
/// client bytes go through the server's pipeline (`SocketServer.serve`) on
/// `EmbeddedChannel`s to the real `DaemonServerDelegate`, whose jobs the
/// harness runs on the real `DaemonCore` by calling `loopWoke`, as the
/// engine thread does after every wake-up. The core keeps its state from
/// one input to the next, as a daemon does from one client to the next;
/// each input ends with every client gone, and then the core must hold
/// nothing of theirs.
///
/// What differs from keymenud: no devices are open (keys come from the
/// `press` steps through a `KeyDecoder`, as the input loop decodes them), no
/// external plugins, and the engine clock moves only when a step says so.
final class DispatchHarness {
  /// Where the engine clock starts: far enough ahead that `loopWoke`, which
  /// advances it to the real time since the core started, never does.
  static let clockOffset = Duration.seconds(1 << 40)

  static let keyboard = DeviceID(1)

  let core: DaemonCore
  let control: InputLoopControl
  let server: SocketServer
  let logger: Logger
  let directory: String
  let woken: WakeFlag
  var baselineSelectors = 0
  var clients: [Slot: FuzzClient] = [:]
  var current = Slot.admin
  var decoder = KeyDecoder(names: .libevdev)
  private var nextClientID = 1
  var keyTime = KernelTime(seconds: 1, microseconds: 0)

  init() {
    DiscardingLogHandler.bootstrap()
    logger = Logger(label: "keymenu.fuzz")
    directory = Self.makeDirectory()
    let file = directory + "/keymenu.toml"
    do {
      try Data(DispatchConfiguration.text.utf8).write(to: URL(fileURLWithPath: file))
    } catch {
      fatalError("cannot write \(file): \(error)")
    }
    let source = ConfigSource(file: file, dropInDirectory: nil, keyNames: .libevdev)
    guard case .success(let configuration) = source.load() else {
      fatalError("the fuzz configuration is refused")
    }
    let woken = WakeFlag()
    self.woken = woken
    let mailbox = EngineMailbox(wake: { woken.set() })
    let status = StatusBoard(version: "fuzz")
    let lifecycle = DaemonLifecycle(notifier: SystemdNotifier(environment: [:]), logger: logger)
    server = SocketServer(
      settings: .init(listener: .path(directory + "/unused.sock", mode: 0o600, group: nil)),
      tierPolicy: configuration.socket.tierPolicy(lookup: SystemAccounts.lookup),
      delegate: DaemonServerDelegate(mailbox: mailbox, status: status), logger: logger)
    core = DaemonCore(
      configuration: configuration, source: source, mailbox: mailbox, status: status, lifecycle: lifecycle,
      logger: logger, server: nil, onConfigurationApplied: { _ in })
    control = InputLoopControl(state: InputLoopState(names: .libevdev))
    core.loopStarted(control)
    core.engine.advance(by: Self.clockOffset)
    settle()
    baselineSelectors = core.engine.registry.all.count
  }

  /// Runs one input's steps, then ends it (``finish()``).
  func run(_ steps: [DispatchStep]) {
    current = .admin
    for step in steps {
      perform(step)
      settle()
    }
    finish()
  }

  private func perform(_ step: DispatchStep) {
    if case .line = step {} else { Trace.print("step \(step)") }
    switch step {
    case .line(let line, let terminated):
      connected(current).send(
        Placeholders.mayApply(to: line) ? placeholders.substitute(line) : line, terminated: terminated)
    case .use(let slot):
      current = Slot(rawValue: slot)!
    case .press(let index):
      let key = Self.keys[index % Self.keys.count]
      sendKey(key, value: 1)
      sendKey(key, value: 0)
    case .toggleModifier(let index):
      let key = Self.modifiers[index % Self.modifiers.count]
      sendKey(key, value: decoder.heldKeys(of: Self.keyboard).contains(key) ? 0 : 1)
    case .advance(let tenths):
      core.engine.advance(by: .milliseconds(100 * tenths))
    case .disconnect:
      clients.removeValue(forKey: current)?.hangUp()
    }
  }

  /// The current client, connected now if it was not (or was cut off).
  private func connected(_ slot: Slot) -> FuzzClient {
    if let client = clients[slot], client.isConnected { return client }
    clients[slot]?.hangUp()
    let client = FuzzClient(slot: slot, id: nextClientID, server: server, logger: logger)
    nextClientID += 1
    clients[slot] = client
    settle()
    return client
  }

  /// One key transition and its `SYN_REPORT`, decoded and handed to the core.
  private func sendKey(_ key: KeyCode, value: Int32) {
    keyTime.microseconds += 1000
    if keyTime.microseconds >= 1_000_000 {
      keyTime.seconds += 1
      keyTime.microseconds = 0
    }
    var events: [KeyEvent] = []
    decoder.decode(
      [.key(key, value, at: keyTime), .report(at: keyTime)], from: Self.keyboard, into: &events)
    core.handle(.keys(events))
  }

  private static func makeDirectory() -> String {
    let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((base + "/keymenu-fuzz-dispatch-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("mkdtemp under \(base) failed") }
    return String(cString: made)
  }

  /// Removes the configuration directory (at exit).
  func removeDirectory() { try? FileManager.default.removeItem(atPath: directory) }
}
