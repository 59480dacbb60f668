import KeyMenuProtocol
import KeyMenuRuntime
import KeyMenuTestKit
import Synchronization
import Testing

@testable import KeyMenuDaemon

/// When keymenud gives freed memory back to the kernel (`malloc_trim`):
/// once it is quiet after something it held ended, never per request, and
/// never while it holds nothing new. The machine alone on virtual time,
/// then in the real core (the trim counted, not done).
@Suite struct MemoryReturnTests {
  typealias Footprint = MemoryReturn.Footprint

  func seconds(_ value: Double) -> Duration { .milliseconds(Int(value * 1000)) }

  @Test func aClientGoingAwayTrimsOneSecondLater() {
    var machine = MemoryReturn()
    #expect(machine.observe(Footprint(clients: 3), at: seconds(1)) == .none)
    #expect(machine.observe(Footprint(clients: 2), at: seconds(2)) == .check(at: seconds(3)))
    #expect(machine.checkDue(at: seconds(3)) == .trim)
    #expect(machine.checkDue(at: seconds(4)) == .none, "a stray check after the trim does nothing")
  }

  @Test func growthAndStillnessNeverTrim() {
    var machine = MemoryReturn()
    var actions: [MemoryReturn.Action] = []
    for step in 0..<100 {
      let footprint = Footprint(clients: step / 10, modalDepth: step % 3 == 0 ? 1 : 1, heldBytes: step * 100)
      actions.append(machine.observe(footprint, at: seconds(Double(step))))
    }
    #expect(actions.allSatisfy { $0 == .none })
  }

  @Test func endsThatKeepComingPostponeTheTrimUpToTenSeconds() {
    var machine = MemoryReturn()
    _ = machine.observe(Footprint(heldBytes: 100_000), at: .zero)
    var trims: [Duration] = []
    var due: Duration? = nil
    // Something ends every 0.5 s (a steady load): each wake holds less than the last.
    for tick in 1...60 {
      let now = seconds(Double(tick) / 2)
      if let pending = due, pending <= now {
        due = nil
        switch machine.checkDue(at: pending) {
        case .trim: trims.append(pending)
        case .check(let next): due = next
        case .none: break
        }
      }
      if case .check(let next) = machine.observe(Footprint(heldBytes: 100_000 - tick), at: now) {
        #expect(due == nil, "one check scheduled at a time")
        due = next
      }
    }
    #expect(
      trims == [seconds(10.5), seconds(20.5)], "the first end at 0.5 s: a trim every 10 s, not every second")
  }

  @Test func anEndDuringTheWaitMovesTheTrimToOneSecondAfterIt() {
    var machine = MemoryReturn()
    _ = machine.observe(Footprint(clients: 5), at: .zero)
    #expect(machine.observe(Footprint(clients: 4), at: seconds(1)) == .check(at: seconds(2)))
    #expect(machine.observe(Footprint(clients: 3), at: seconds(1.5)) == .none)
    #expect(machine.checkDue(at: seconds(2)) == .check(at: seconds(2.5)))
    #expect(machine.checkDue(at: seconds(2.5)) == .trim)
  }

  @Test func aChannelClosingLaterIsAnEndOfItsOwn() {
    // A slow reader counts as gone when it is given up (a trim a second
    // later); its queued lines go when its channel closes, up to 2 s later:
    // that is an end too, and another trim follows.
    var machine = MemoryReturn()
    _ = machine.observe(Footprint(clients: 51), at: .zero)
    #expect(machine.observe(Footprint(clients: 1), at: seconds(1)) == .check(at: seconds(2)))
    #expect(machine.checkDue(at: seconds(2)) == .trim)
    #expect(machine.ended(at: seconds(3)) == .check(at: seconds(4)))
    #expect(machine.checkDue(at: seconds(4)) == .trim)
  }

  // MARK: in the core

  /// The trims a daemon asked for.
  final class Trims: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func add() { count.withLock { $0 += 1 } }
  }

  /// A daemon whose trims are counted instead of done.
  func daemon(counting trims: Trims) throws -> InProcessDaemon {
    let daemon = try InProcessDaemon(configuration: "")
    daemon.onEngine { core in core.giveMemoryBack = { trims.add() } }
    return daemon
  }

  @Test func becomingReadyTrimsAtOnceAndEachReloadOneSecondLater() throws {
    let trims = Trims()
    let daemon = try daemon(counting: trims)
    // The in-process daemon has scanned its devices; its server never listens.
    daemon.advanceClock(by: .seconds(5))
    #expect(trims.value == 0, "not ready yet: the socket does not listen")
    daemon.onEngine { core in core.socketListening() }
    #expect(trims.value == 1, "start-up's code and allocations are given back once it is over")
    daemon.advanceClock(by: .seconds(60))
    #expect(trims.value == 1, "a quiet daemon does not trim again")
    daemon.onEngine { core in _ = core.reload(reason: "test") }
    daemon.advanceClock(by: .milliseconds(900))
    #expect(trims.value == 1)
    daemon.advanceClock(by: .milliseconds(200))
    #expect(trims.value == 2)
  }

  @Test func aDisconnectedClientIsFollowedByOneTrimWhenTheDaemonIsQuiet() throws {
    let trims = Trims()
    let daemon = try daemon(counting: trims)
    let client = try daemon.connect(tier: .drive)
    #expect(try client.request(1, "daemon.status")?["result"] != nil)
    daemon.advanceClock(by: .seconds(5))
    #expect(trims.value == 0, "connecting and asking hold more, not less")
    client.hangUp()
    daemon.advanceClock(by: .milliseconds(900))
    #expect(trims.value == 0)
    daemon.advanceClock(by: .milliseconds(200))
    #expect(trims.value == 1)
    daemon.advanceClock(by: .seconds(60))
    #expect(trims.value == 1)
  }

  @Test func anAlertEndingOnAConnectionThatStaysIsFollowedByATrim() throws {
    let trims = Trims()
    let daemon = try daemon(counting: trims)
    let client = try daemon.connect(tier: .drive)
    try client.request(
      1, "alert.show", ["title": "Big", "message": .string(String(repeating: "m", count: 16384))])
    daemon.advanceClock(by: .seconds(2))
    #expect(trims.value == 0)
    #expect(try client.request(2, "alert.dismiss", ["request": 1])?["result"] != nil)
    daemon.advanceClock(by: .seconds(2))
    #expect(trims.value == 1)
  }
}
