import Testing

@testable import KeyMenuDaemon

/// The bursts of refusals of what configured actions show: one line when
/// a uid's burst starts, one with the count when it may hold again.
@Suite struct RaisedTallyTests {
  @Test func aBurstIsReportedWhenItStartsAndCountedUntilItEnds() {
    var tally = RaisedTally()
    let firsts = [tally.refused(1000), tally.refused(1000), tally.refused(1000), tally.refused(1001)]
    #expect(firsts == [true, false, false, true])
    #expect(tally.refusing == [1000, 1001])
    let first = tally.endBursts { $0 == 1000 }
    #expect(first == [.init(uid: 1000, refused: 3)])
    #expect(tally.refusing == [1001])
    // A new burst of the same uid starts its own count.
    let again = tally.refused(1000)
    #expect(again)
    let all = tally.endBursts { _ in true }
    #expect(all == [.init(uid: 1000, refused: 1), .init(uid: 1001, refused: 1)])
    let none = tally.endBursts { _ in true }
    #expect(none.isEmpty)
  }

  @Test func numbersAreNeverHandedOutTwice() {
    var tally = RaisedTally()
    let numbers = (0..<100).map { _ in tally.takeNumber() }
    #expect(Set(numbers).count == 100)
  }

  @Test func withNoBurstTheCheckIsNotAsked() {
    var tally = RaisedTally()
    let ended = tally.endBursts { _ in
      Issue.record("asked")
      return true
    }
    #expect(ended.isEmpty)
  }
}
