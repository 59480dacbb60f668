import KeyMenuConfig
import KeyMenuCore

/// The supervision rules for one external plugin, as a pure state machine:
/// events in (started, exited, connection closed, ping due or answered,
/// timers), effects out. ``PluginManager`` carries the effects out (spawns,
/// signals, pings, restarts, on the engine thread).
///
/// Rules (docs/PLUGINS.md, "Supervision"):
/// - An exit is a failure when the status is not 0 or a signal ended it; with
///   `restart = "always"`, any run shorter than ``stableRun`` counts too.
/// - A run of ``stableRun`` or longer starts the count of failures in a row
///   again. After ``giveUpAfter`` failures in a row the plugin is given up
///   (until the next reload or restart of the daemon).
/// - Restarts wait `restart_delay_ms`, doubled after each failure in a row, at
///   most ``maximumDelay``.
/// - Every `ping_interval_ms` the daemon sends `plugin.ping`; no answer within
///   `ping_timeout_ms` gets the plugin killed (SIGKILL), which is a failure.
/// - A plugin whose connection closes (it closed its stdout, or the daemon
///   cut it off for an oversized line or repeated invalid lines) gets SIGTERM,
///   and SIGKILL ``killGrace`` later if it is still there.
struct PluginSupervisor {
  static let giveUpAfter = 5
  static let stableRun = Duration.seconds(60)
  static let maximumDelay = Duration.seconds(60)
  static let killGrace = Duration.seconds(2)

  /// Where the plugin is in its life.
  enum Phase: Equatable {
    case stopped
    case running(pid: Int32, since: Duration)
    /// Waiting to start again.
    case restarting
    /// Exited and not to be started again (`restart` said so).
    case exited
    case givenUp
  }

  /// What the daemon must do.
  enum Effect: Equatable {
    case spawn
    case signal(pid: Int32, Int32)
    /// Start again (``restartDue(generation:)``) after the delay.
    case scheduleRestart(after: Duration, generation: Int)
    /// Send a ping now and check for its answer after the timeout.
    case ping(id: String, timeout: Duration, generation: Int)
    /// Send the next ping after the interval.
    case schedulePing(after: Duration, generation: Int)
    /// SIGKILL the pid after the grace period if it has not been reaped.
    case scheduleKill(pid: Int32, after: Duration)
    case log(String)
  }

  /// How a process ended.
  enum Exit: Equatable {
    case status(Int32)
    case signal(Int32)

    var description: String {
      switch self {
      case .status(let code): "exited with status \(code)"
      case .signal(let signal): "killed by signal \(signal)"
      }
    }
  }

  let settings: ExternalPlugin
  private(set) var phase = Phase.stopped
  private(set) var failuresInARow = 0
  private(set) var restarts = 0
  /// Why it last ended, for `daemon.status`.
  private(set) var lastExit: String?
  /// Increments with each run, so timers of an earlier run do nothing.
  private(set) var generation = 0
  /// Processes started and not reaped yet (a stopped run may linger).
  private var live: Set<Int32> = []
  private var pendingPing: String?
  private var pings = 0
  private var killedBecause: String?

  init(settings: ExternalPlugin) { self.settings = settings }

  /// Start it (at daemon start, on enable).
  mutating func start() -> [Effect] {
    guard !isRunning else { return [] }
    return [.spawn]
  }

  /// The process runs.
  mutating func spawned(pid: Int32, now: Duration) -> [Effect] {
    generation += 1
    live.insert(pid)
    phase = .running(pid: pid, since: now)
    pendingPing = nil
    killedBecause = nil
    return [.schedulePing(after: settings.pingInterval, generation: generation)]
  }

  /// It could not even be started (no such user, fork failed): a failure.
  mutating func spawnFailed(_ message: String, now: Duration) -> [Effect] {
    generation += 1
    phase = .stopped
    return ended(reason: message, failure: true, ranFor: .zero)
  }

  /// Its process ended.
  mutating func exited(pid: Int32, _ exit: Exit, now: Duration) -> [Effect] {
    live.remove(pid)
    guard case .running(let running, let since) = phase, running == pid else { return [] }
    let ranFor = now - since
    var failure: Bool
    switch exit {
    case .status(let code): failure = code != 0
    case .signal: failure = true
    }
    if settings.restart == .always, ranFor < Self.stableRun { failure = true }
    let reason = [killedBecause, exit.description].compactMap { $0 }.joined(separator: "; ")
    phase = .stopped
    return ended(reason: reason, failure: failure, ranFor: ranFor)
  }

  /// Its pipes closed: it goes (it may have closed them itself).
  mutating func connectionClosed() -> [Effect] {
    guard case .running(let pid, _) = phase else { return [] }
    killedBecause = killedBecause ?? "its connection closed"
    return [.signal(pid: pid, 15), .scheduleKill(pid: pid, after: Self.killGrace)]
  }

  /// The grace period after SIGTERM is over: SIGKILL if it is still there.
  mutating func killDue(pid: Int32) -> [Effect] {
    live.contains(pid) ? [.signal(pid: pid, 9)] : []
  }

  /// Whether a process of it has not been reaped yet.
  var hasLiveProcesses: Bool { !live.isEmpty }

  /// Whether `pid` is one of this plugin's processes not reaped yet.
  func owns(pid: Int32) -> Bool { live.contains(pid) }

  /// Time for the next ping of run `generation`.
  mutating func pingDue(generation due: Int) -> [Effect] {
    guard due == generation, case .running = phase else { return [] }
    pings += 1
    let id = "keymenud-ping-\(pings)"
    pendingPing = id
    return [.ping(id: id, timeout: settings.pingTimeout, generation: generation)]
  }

  /// An answer to a ping came.
  mutating func pingAnswered(id: String) -> [Effect] {
    guard pendingPing == id, case .running = phase else { return [] }
    pendingPing = nil
    return [.schedulePing(after: settings.pingInterval, generation: generation)]
  }

  /// The answer to ping `id` is due.
  mutating func pingTimedOut(id: String, generation due: Int) -> [Effect] {
    guard due == generation, pendingPing == id, case .running(let pid, _) = phase else { return [] }
    let milliseconds = settings.pingTimeout.wholeMilliseconds
    killedBecause = "no answer to plugin.ping within \(milliseconds) ms"
    return [.log("\(killedBecause!); killing it"), .signal(pid: pid, 9)]
  }

  /// The restart delay is over.
  mutating func restartDue(generation due: Int) -> [Effect] {
    guard due == generation, phase == .restarting else { return [] }
    restarts += 1
    return [.spawn]
  }

  /// Stop it for good (disabled, removed, daemon stopping).
  mutating func stop() -> [Effect] {
    generation += 1
    defer { phase = .stopped }
    guard case .running(let pid, _) = phase else { return [] }
    killedBecause = "stopped by the daemon"
    return [.signal(pid: pid, 15), .scheduleKill(pid: pid, after: Self.killGrace)]
  }

  var isRunning: Bool {
    if case .running = phase { true } else { false }
  }

  /// The pid of the current run.
  var pid: Int32? {
    if case .running(let pid, _) = phase { pid } else { nil }
  }

  private mutating func ended(reason: String, failure: Bool, ranFor: Duration) -> [Effect] {
    lastExit = reason
    if ranFor >= Self.stableRun { failuresInARow = 0 }
    if failure { failuresInARow += 1 }
    let restart: Bool
    switch settings.restart {
    case .never: restart = false
    case .onFailure: restart = failure
    case .always: restart = true
    }
    guard restart else {
      phase = .exited
      return [.log("\(reason); not restarting (restart = \(settings.restart.rawValue))")]
    }
    if failuresInARow >= Self.giveUpAfter {
      phase = .givenUp
      return [.log("\(reason); given up after \(failuresInARow) failures in a row")]
    }
    phase = .restarting
    var delay = settings.restartDelay
    for _ in 1..<max(1, failuresInARow) { delay = min(delay * 2, Self.maximumDelay) }
    return [
      .log("\(reason); restarting in \(delay) (failure \(failuresInARow) of \(Self.giveUpAfter) in a row)"),
      .scheduleRestart(after: delay, generation: generation),
    ]
  }
}
