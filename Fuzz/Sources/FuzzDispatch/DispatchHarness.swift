import FuzzSupport
import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuRuntime
import Logging

@testable import KeyMenuDaemon
@testable import KeyMenuTestKit

/// keymenud's request path in one process, without threads or sockets: the
/// test kit's ``InProcessDaemon`` (client bytes through the server's
/// pipeline on `EmbeddedChannel`s to the real `DaemonServerDelegate` and
/// `DaemonCore`), driven by the fuzzer's steps and checked after each. The
/// core keeps its state from one input to the next, as a daemon does from
/// one client to the next; each input ends with every client gone, and then
/// the core must hold nothing of theirs.
///
/// What differs from keymenud: no devices are open (keys come from the
/// `press` steps through the kit's ``VirtualKeyboard``, decoded as the input
/// loop decodes them), no external plugins, and the engine clock moves only
/// when a step says so.
///
/// Everything that touches the core runs in an engine turn of the fuzzer's
/// thread (``InProcessDaemon/onEngine(_:)``), isolated to `EngineActor`; the
/// harness's own state is touched only there too, one input at a time,
/// which is why it may be `@unchecked Sendable`.
final class DispatchHarness: @unchecked Sendable {
  let daemon: InProcessDaemon
  var baselineSelectors = 0
  var clients: [Slot: FuzzClient] = [:]
  var current = Slot.admin

  /// The daemon's state, for the checks.
  var core: DaemonCore { daemon.core }

  init() {
    DiscardingLogHandler.bootstrap()
    do {
      daemon = try InProcessDaemon(
        configuration: DispatchConfiguration.text, logger: Logger(label: "keymenu.fuzz"))
    } catch {
      fatalError("the fuzz configuration is refused: \(error)")
    }
    daemon.onEngine { _ in
      settle()
      baselineSelectors = core.engine.registry.all.count
    }
  }

  /// Runs one input's steps, then ends it (``finish()``), as the engine
  /// thread: the checks reach into the core, and closing modals runs the
  /// engine's observers, which check that they run on it.
  func run(_ steps: [DispatchStep]) {
    daemon.onEngine { _ in
      current = .admin
      for step in steps {
        perform(step)
        settle()
      }
      finish()
    }
  }

  @EngineActor private func perform(_ step: DispatchStep) {
    if case .line = step {} else { Trace.print("step \(step)") }
    switch step {
    case .line(let line, let terminated):
      connected(current).send(
        Placeholders.mayApply(to: line) ? placeholders.substitute(line) : line, terminated: terminated)
    case .use(let slot):
      current = Slot(rawValue: slot)!
    case .press(let index):
      daemon.press(Self.keys[index % Self.keys.count])
    case .toggleModifier(let index):
      let key = Self.modifiers[index % Self.modifiers.count]
      daemon.send(key, value: daemon.keyboard.heldKeys.contains(key) ? 0 : 1)
    case .advance(let tenths):
      daemon.advanceClock(by: .milliseconds(100 * tenths))
    case .disconnect:
      clients.removeValue(forKey: current)?.hangUp()
    }
  }

  /// The current client, connected now if it was not (or was cut off).
  @EngineActor private func connected(_ slot: Slot) -> FuzzClient {
    if let client = clients[slot], client.isConnected { return client }
    clients[slot]?.hangUp()
    let client = FuzzClient(slot: slot, daemon: daemon)
    clients[slot] = client
    settle()
    return client
  }

  /// Removes the configuration directory (at exit).
  func removeDirectory() { daemon.removeDirectory() }
}
