import KeyMenuCore
import Testing

/// `keymenuctl learn`'s rules: one scancode per key, a held button counted
/// once, a button already taken refused, a key with no press skipped.
@Suite struct ScancodeLearnerTests {
  static let start = ContinuousClock.now
  static func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

  @Test func eachKeyTakesTheFirstScancodeAndAHeldButtonCountsOnce() {
    var learner = ScancodeLearner(keys: [.ok, .back], at: Self.at(0))
    #expect(learner.first == .ask(.ok))
    #expect(learner.scanned(0x40, at: Self.at(100)) == [.learned(.ok, 0x40), .ask(.back)])
    // OK still held: its repeats (every 110 ms) are not a press for Back.
    #expect(learner.scanned(0x40, at: Self.at(210)).isEmpty)
    #expect(learner.scanned(0x40, at: Self.at(320)).isEmpty)
    #expect(learner.scanned(0x43, at: Self.at(900)) == [.learned(.back, 0x43), .done])
    #expect(learner.isDone && learner.deadline == nil)
    #expect(learner.table.map(\.key) == [.ok, .back] && learner.table.map(\.scancode) == [0x40, 0x43])
    #expect(learner.scanned(0x44, at: Self.at(1000)).isEmpty, "nothing after the last key")
  }

  @Test func aButtonAlreadyTakenIsRefusedAndTheKeyAskedAgain() {
    var learner = ScancodeLearner(keys: [.ok, .back], at: Self.at(0))
    _ = learner.scanned(0x40, at: Self.at(100))
    #expect(learner.scanned(0x40, at: Self.at(1000)) == [.taken(0x40, by: .ok), .ask(.back)])
    #expect(learner.table.count == 1)
  }

  @Test func aKeyWithNoPressInTimeIsSkipped() {
    var learner = ScancodeLearner(keys: [.up, .down], timeout: .seconds(5), at: Self.at(0))
    #expect(learner.tick(at: Self.at(4999)).isEmpty)
    #expect(learner.deadline == Self.at(5000))
    #expect(learner.tick(at: Self.at(5000)) == [.skipped(.up), .ask(.down)])
    #expect(learner.deadline == Self.at(10_000), "the next key gets its own time")
    #expect(learner.scanned(0x41, at: Self.at(6000)) == [.learned(.down, 0x41), .done])
    #expect(ScancodeLearner(keys: [], at: Self.at(0)).first == .done)
  }
}
