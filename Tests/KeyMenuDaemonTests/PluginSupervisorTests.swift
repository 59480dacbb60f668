import KeyMenuConfig
import KeyMenuProtocol
import Testing

@testable import KeyMenuDaemon

@Suite struct PluginSupervisorTests {
  static func settings(_ restart: ExternalPlugin.Restart = .onFailure) -> ExternalPlugin {
    ExternalPlugin(
      program: ["/bin/true"], user: "nobody", tier: .drive, restart: restart, restartDelay: .seconds(1),
      pingInterval: .seconds(30), pingTimeout: .seconds(5))
  }

  /// Runs one start-and-exit cycle; returns the effects of the exit.
  static func cycle(
    _ supervisor: inout PluginSupervisor, pid: Int32, at start: Duration, ranFor: Duration,
    _ exit: PluginSupervisor.Exit
  ) -> [PluginSupervisor.Effect] {
    _ = supervisor.spawned(pid: pid, now: start)
    return supervisor.exited(pid: pid, exit, now: start + ranFor)
  }

  @Test func failuresBackOffDoublingAndAreGivenUpAfterFiveInARow() {
    var supervisor = PluginSupervisor(settings: Self.settings())
    #expect(supervisor.start() == [.spawn])
    var delays: [Duration] = []
    for run in 0..<5 {
      let effects = Self.cycle(
        &supervisor, pid: Int32(100 + run), at: .seconds(run * 10), ranFor: .seconds(1), .status(1))
      for case .scheduleRestart(let delay, let generation) in effects {
        delays.append(delay)
        #expect(supervisor.restartDue(generation: generation) == [.spawn])
      }
    }
    #expect(delays == [.seconds(1), .seconds(2), .seconds(4), .seconds(8)])
    #expect(supervisor.phase == .givenUp)
    #expect(supervisor.restarts == 4)
    #expect(supervisor.lastExit == "exited with status 1")
  }

  @Test func aLongRunStartsTheCountAgainAndACleanExitIsNotAFailure() {
    var supervisor = PluginSupervisor(settings: Self.settings())
    for run in 0..<4 {
      _ = Self.cycle(
        &supervisor, pid: Int32(run + 1), at: .seconds(run * 10), ranFor: .seconds(1), .signal(11))
    }
    #expect(supervisor.failuresInARow == 4)
    _ = Self.cycle(&supervisor, pid: 9, at: .seconds(100), ranFor: .seconds(61), .status(2))
    #expect(supervisor.failuresInARow == 1, "a run of 61 s starts the count again")
    #expect(supervisor.phase == .restarting)
    let clean = Self.cycle(&supervisor, pid: 10, at: .seconds(300), ranFor: .seconds(1), .status(0))
    #expect(supervisor.phase == .exited, "on-failure does not restart a clean exit: \(clean)")
  }

  @Test func alwaysRestartsCleanExitsButCountsShortOnesAsFailures() {
    var supervisor = PluginSupervisor(settings: Self.settings(.always))
    _ = Self.cycle(&supervisor, pid: 1, at: .zero, ranFor: .seconds(120), .status(0))
    #expect(supervisor.phase == .restarting)
    #expect(supervisor.failuresInARow == 0)
    _ = Self.cycle(&supervisor, pid: 2, at: .seconds(200), ranFor: .seconds(1), .status(0))
    #expect(supervisor.failuresInARow == 1)
    var never = PluginSupervisor(settings: Self.settings(.never))
    _ = Self.cycle(&never, pid: 3, at: .zero, ranFor: .seconds(1), .status(1))
    #expect(never.phase == .exited)
  }

  @Test func anUnansweredPingKillsAndAnAnsweredOneSchedulesTheNext() {
    var supervisor = PluginSupervisor(settings: Self.settings())
    let started = supervisor.spawned(pid: 42, now: .zero)
    guard case .schedulePing(let interval, let generation) = started.first else {
      Issue.record("no ping scheduled: \(started)")
      return
    }
    #expect(interval == .seconds(30))
    let ping = supervisor.pingDue(generation: generation)
    #expect(ping == [.ping(id: "keymenud-ping-1", timeout: .seconds(5), generation: generation)])
    #expect(
      supervisor.pingAnswered(id: "keymenud-ping-1") == [
        .schedulePing(after: .seconds(30), generation: generation)
      ])
    #expect(supervisor.pingTimedOut(id: "keymenud-ping-1", generation: generation) == [], "answered in time")
    _ = supervisor.pingDue(generation: generation)
    let timedOut = supervisor.pingTimedOut(id: "keymenud-ping-2", generation: generation)
    #expect(timedOut.contains(.signal(pid: 42, 9)))
    let exit = supervisor.exited(pid: 42, .signal(9), now: .seconds(40))
    #expect(supervisor.lastExit == "no answer to plugin.ping within 5000 ms; killed by signal 9", "\(exit)")
  }

  @Test func timersOfAnEarlierRunDoNothing() {
    var supervisor = PluginSupervisor(settings: Self.settings())
    _ = supervisor.spawned(pid: 1, now: .zero)
    let old = supervisor.generation
    _ = supervisor.exited(pid: 1, .status(1), now: .seconds(1))
    _ = supervisor.restartDue(generation: supervisor.generation)
    _ = supervisor.spawned(pid: 2, now: .seconds(3))
    #expect(supervisor.pingDue(generation: old) == [])
    #expect(supervisor.restartDue(generation: old) == [])
    #expect(supervisor.exited(pid: 1, .status(0), now: .seconds(4)) == [], "not this run's pid")
    #expect(supervisor.isRunning)
  }

  @Test func aClosedConnectionGetsSigtermThenSigkillIfStillThere() {
    var supervisor = PluginSupervisor(settings: Self.settings(.never))
    _ = supervisor.spawned(pid: 7, now: .zero)
    #expect(
      supervisor.connectionClosed() == [.signal(pid: 7, 15), .scheduleKill(pid: 7, after: .seconds(2))])
    #expect(supervisor.killDue(pid: 7) == [.signal(pid: 7, 9)])
    _ = supervisor.exited(pid: 7, .signal(9), now: .seconds(3))
    #expect(supervisor.killDue(pid: 7) == [], "reaped already")
    #expect(supervisor.lastExit == "its connection closed; killed by signal 9")
  }
}
