import KeyMenuConfig
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRuntime
import KeyMenuServer
import Logging

/// The configured commands that run, on the engine thread: their slots
/// (``CommandShares``), their `KEYMENU_FD` connections and timeout timers,
/// and who the request being handled is, so that a command is charged to
/// the uid whose request started it.
///
/// A selector's action reserves a command's slot while it is invoked (a
/// refusal is then the invoke's answer, `-32007`); the command starts later,
/// from the address, in that slot.
@EngineActor final class CommandBook {
  /// A command's reserved slot, or the charge an action carries on to the
  /// invokes it makes later (`id` nil).
  struct Slot: Sendable {
    var charge: CommandShares.Charge
    var id: CommandShares.ID?
  }

  /// Why a command was not admitted: the answer for the client that asked.
  struct Refusal: Error, CustomStringConvertible {
    var error: RPCError
    var description: String { error.message }
  }

  private(set) var shares = CommandShares(
    maximumTotal: CommandSettings.defaultMaximumRunning,
    maximumPerUID: CommandSettings.defaultMaximumRunningPerUID)
  /// Who is charged for a command an invoke starts now: the uid of the
  /// request being handled, else the person at the keyboard.
  private(set) var charge: CommandShares.Charge = .person
  private var refusal: RPCError?
  /// The commands' connections as served, to close when one is killed.
  var connections: [CommandShares.ID: ClientHandle] = [:]
  /// Each running command's timeout timer.
  var timers: [CommandShares.ID: TimerToken] = [:]
  /// Commands that could not start for want of descriptors since the last
  /// one that started (the first is logged, the rest counted).
  var descriptorFailures = 0

  nonisolated init() {}

  /// Applies the bounds of `settings`; what runs keeps running.
  func apply(_ settings: CommandSettings) {
    shares = shares.withBounds(
      maximumTotal: settings.maximumRunning, maximumPerUID: settings.maximumRunningPerUID)
  }

  /// Runs `body` with commands charged to `charge` (a request from a
  /// client: its uid).
  func charging<T, E: Error>(_ charge: CommandShares.Charge, _ body: () throws(E) -> T) throws(E) -> T {
    let outer = self.charge
    self.charge = charge
    defer { self.charge = outer }
    return try body()
  }

  /// The refusal of the last invoke, once: the `-32007` its client gets.
  func takeRefusal() -> RPCError? {
    defer { refusal = nil }
    return refusal
  }

  /// What a selector's `action` holds from its invoke: a slot for a command
  /// (`run`), the charge for an `invoke` it makes later, nothing for the
  /// rest. A refusal is logged (the first of a burst) and thrown.
  func reserve(for action: ConfiguredAction, logger: Logger) throws(Refusal) -> Slot? {
    switch action {
    case .run(let command):
      return Slot(charge: charge, id: try admit(command, charge: charge, logger: logger))
    case .invoke: return Slot(charge: charge, id: nil)
    default: return nil
    }
  }

  /// A slot for `command` charged to `charge`, or the refusal (logged
  /// when it is the first of a burst; kept for ``takeRefusal()``).
  func admit(_ command: ConfiguredCommand, charge: CommandShares.Charge, logger: Logger) throws(Refusal)
    -> CommandShares.ID
  {
    let program = command.argv.first ?? ""
    let error: RPCError
    switch shares.admit(charge) {
    case .admitted(let id):
      return id
    case .refusedShare(let first):
      let bound = shares.maximumPerUID
      if first {
        logger.warning(
          "not running \(program) for \(charge): it runs \(bound) commands already (max_running_per_uid); further refusals are counted until one ends"
        )
      }
      error = .limitReached(
        "\(charge) already runs \(bound) commands (at most \(bound) per uid); try again when one ends")
    case .refusedTotal(let first):
      let bound = shares.maximumTotal
      if first {
        logger.warning(
          "not running \(program) for \(charge): \(bound) commands run already (max_running); further refusals are counted until one ends"
        )
      }
      error = .limitReached(
        "the daemon already runs \(bound) commands (at most \(bound) in all); try again when one ends")
    }
    refusal = error
    throw Refusal(error: error)
  }

  /// Records that the admitted `id` started as `pid`.
  func started(_ id: CommandShares.ID, pid: Int32, connection: Bool) {
    shares.started(id, pid: pid, connection: connection)
  }

  /// The process `pid` was reaped: the command it was, and the bursts of
  /// refusals its end closes.
  func processExited(pid: Int32) -> (CommandShares.ID, [CommandShares.BurstEnded])? {
    guard let (id, ended) = shares.processExited(pid: pid) else { return nil }
    return (id, ended)
  }

  /// The command's connection closed.
  func connectionClosed(_ id: CommandShares.ID) -> [CommandShares.BurstEnded] {
    connections[id] = nil
    return shares.connectionClosed(id)
  }

  /// Gives back the slot of a command that did not start.
  func release(_ id: CommandShares.ID) -> [CommandShares.BurstEnded] {
    connections[id] = nil
    return shares.release(id)
  }
}
