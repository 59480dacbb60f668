import FoundationEssentials
import FuzzSupport
import Glibc
import KeyMenuConfig
import KeyMenuCore
import KeyMenuProtocol
import Logging
import Synchronization

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
/// What differs from keymenud: no devices are open (keys come from
/// ``press(_:)`` through a `KeyDecoder`, as the input loop decodes them), no
/// external plugins, and the engine clock moves only when a step says so.
final class DispatchHarness {
  /// Who a client is: its tier, and whether it is an external plugin.
  enum Slot: Int, CaseIterable, Comparable {
    case admin, drive, observe, plugin

    var tier: Tier {
      switch self {
      case .admin: .admin
      case .drive, .plugin: .drive
      case .observe: .observe
      }
    }
    var uid: UInt32 { UInt32(1000 + rawValue) }
    var pluginName: String? { self == .plugin ? "fuzz" : nil }

    static func < (lhs: Slot, rhs: Slot) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// Keys a step may press: answer keys, arrows, hotkeys, letters and digits.
  static let keys: [KeyCode] = [
    .enter, .escape, .up, .down, .left, .right, .ok, .select, .back, .exit, .keypadEnter, KeyCode(139),
    KeyCode(102), KeyCode(59), KeyCode(2), KeyCode(3), KeyCode(4), KeyCode(30), KeyCode(50), KeyCode(25),
    KeyCode(19), KeyCode(20), KeyCode(14), KeyCode(15), KeyCode(57), KeyCode(116),
  ]
  /// Modifiers a step may hold: left Ctrl, left Alt, left Shift, AltGr, left Meta.
  static let modifiers: [KeyCode] = [.leftCtrl, .leftAlt, .leftShift, .rightAlt, .leftMeta]
  /// Where the engine clock starts: far enough ahead that `loopWoke`, which
  /// advances it to the real time since the core started, never does.
  static let clockOffset = Duration.seconds(1 << 40)

  static let keyboard = DeviceID(1)

  let core: DaemonCore
  let control: InputLoopControl
  let server: SocketServer
  let logger: Logger
  let directory: String
  private let woken: WakeFlag
  private var baselineSelectors = 0
  private var clients: [Slot: FuzzClient] = [:]
  private var current = Slot.admin
  private var decoder = KeyDecoder(names: .libevdev)
  private var nextClientID = 1
  private var keyTime = KernelTime(seconds: 1, microseconds: 0)

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
    var events: [KeyEvent] = []
    decoder.decode(
      [.key(key, value, at: keyTime), .report(at: keyTime)], from: Self.keyboard, into: &events)
    core.handle(.keys(events))
  }

  /// Runs the mailbox's jobs until none is left, reading what each client
  /// was sent after each round, then checks every answer due came.
  private func settle() {
    repeat {
      woken.clear()
      _ = core.loopWoke(control)
      for client in clients.values { client.receive() }
    } while woken.isSet
    for client in clients.values { client.checkAnsweredNow() }
  }

  /// Ends the input: keys up, every alert and menu answered (nothing may
  /// still be owed), every client gone; then nothing of theirs may remain.
  private func finish() {
    var events: [KeyEvent] = []
    decoder.removeDevice(Self.keyboard, at: keyTime, into: &events)
    core.handle(.keys(events))
    closeModals()
    for client in clients.values { client.checkNothingOwed() }
    for client in clients.values { client.hangUp() }
    clients = [:]
    closeModals()
    fuzzCheck(core.sessions.isEmpty, "sessions left: \(core.sessions.keys.sorted())")
    fuzzCheck(core.definedMenus.isEmpty, "client menus left: \(core.definedMenus.keys.sorted())")
    fuzzCheck(core.keySubscribers.isEmpty, "key subscribers left")
    fuzzCheck(
      core.engine.modalStack.depth == 0, "\(core.engine.modalStack.depth) modals left after closing all")
    fuzzCheck(
      core.engine.registry.wrapperOwners.isEmpty, "wrappers left: \(core.engine.registry.wrapperOwners)")
    let selectors = core.engine.registry.all
    fuzzCheck(
      selectors.count == baselineSelectors,
      "\(selectors.count) selectors, \(baselineSelectors) configured: \(selectors.map(\.selector.rawValue))")
    for menu in core.configured.menus.values {
      fuzzCheck(menu.openIDs.isEmpty, "configured menu \(menu.name) still counted open")
    }
  }

  private func closeModals() {
    core.menus.closeAll()
    core.alerts.dismissAll()
    settle()
  }

  /// The names ``Placeholders`` put into lines.
  private var placeholders: Placeholders {
    var slots: [String: Int] = ["config": -1]
    for (slot, client) in clients { slots[client.handle.selectorOwnerName] = slot.rawValue }
    let infos = core.engine.registry.all.sorted {
      (slots[$0.owner.rawValue] ?? 99, $0.kind, $0.title, $0.selector.rawValue)
        < (slots[$1.owner.rawValue] ?? 99, $1.kind, $1.title, $1.selector.rawValue)
    }
    let front: String? =
      switch core.engine.modalStack.snapshot.front {
      case .alert(let alert)?: alert.id
      case .menu(let menu)?: menu.id
      case nil: nil
      }
    return Placeholders(selectors: infos.map(\.selector.rawValue), front: front)
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

extension ClientHandle {
  /// The owner name the core gives this client's selectors.
  fileprivate var selectorOwnerName: String { pluginName.map { "plugin:" + $0 } ?? "client:\(id)" }
}

/// Set by the mailbox when a job arrives; the harness runs `loopWoke` again.
final class WakeFlag: Sendable {
  private let flag = Atomic<Bool>(false)
  func set() { flag.store(true, ordering: .relaxed) }
  func clear() { flag.store(false, ordering: .relaxed) }
  var isSet: Bool { flag.load(ordering: .relaxed) }
}
