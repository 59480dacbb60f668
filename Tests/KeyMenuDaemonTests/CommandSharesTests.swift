import Testing

@testable import KeyMenuDaemon

/// The count of running commands: per uid and in all, a slot held while
/// the process runs or its `KEYMENU_FD` connection is open, refusals
/// counted per burst.
struct CommandSharesTests {
  @Test func aUIDIsRefusedPastItsShareAndLoggedOncePerBurst() {
    var shares = CommandShares(maximumTotal: 10, maximumPerUID: 2)
    guard case .admitted(let first) = shares.admit(.uid(7)), case .admitted = shares.admit(.uid(7)) else {
      Issue.record("the first two are admitted")
      return
    }
    #expect(shares.admit(.uid(7)) == .refusedShare(firstInBurst: true))
    #expect(shares.admit(.uid(7)) == .refusedShare(firstInBurst: false))
    // Another uid and the keyboard are not held back by uid 7.
    #expect(shares.admit(.uid(8)) != .refusedShare(firstInBurst: true))
    #expect(shares.admit(.person) != .refusedTotal(firstInBurst: true))
    shares.started(first, pid: 100, connection: true)
    // The process ended, its connection is still open: the slot is held.
    #expect(shares.processExited(pid: 100)?.1 == [])
    #expect(shares.running(of: .uid(7)) == 2)
    #expect(shares.connectionClosed(first) == [CommandShares.BurstEnded(charge: .uid(7), refused: 2)])
    #expect(shares.running(of: .uid(7)) == 1)
    #expect(shares.processExited(pid: 100) == nil, "a pid is forgotten once reaped")
  }

  @Test func theTotalBoundsEveryoneAndTheKeyboard() {
    var shares = CommandShares(maximumTotal: 3, maximumPerUID: 2)
    var admitted: [CommandShares.ID] = []
    for charge in [CommandShares.Charge.uid(1), .uid(2), .person] {
      if case .admitted(let id) = shares.admit(charge) { admitted.append(id) }
    }
    #expect(admitted.count == 3)
    #expect(shares.admit(.person) == .refusedTotal(firstInBurst: true))
    #expect(shares.admit(.uid(3)) == .refusedTotal(firstInBurst: false))
    // A command that never started gives its slot back at once.
    #expect(shares.release(admitted[0]) == [CommandShares.BurstEnded(charge: nil, refused: 2)])
    #expect(shares.total == 2)
  }

  @Test func newBoundsKeepWhatRuns() {
    var shares = CommandShares(maximumTotal: 4, maximumPerUID: 4)
    for _ in 0..<3 { _ = shares.admit(.uid(5)) }
    shares = shares.withBounds(maximumTotal: 4, maximumPerUID: 2)
    #expect(shares.running(of: .uid(5)) == 3)
    #expect(shares.admit(.uid(5)) == .refusedShare(firstInBurst: true))
  }
}
