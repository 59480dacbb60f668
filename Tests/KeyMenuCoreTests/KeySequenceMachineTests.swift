import KeyMenuCore
import Testing

/// ``KeySequenceMachine``: leader sequences, their hint, a wrong key and
/// the timeout.
@Suite struct KeySequenceMachineTests {
  typealias Machine = KeySequenceMachine<String>
  static let timing = Machine.Timing(hint: .milliseconds(500), timeout: .seconds(3))

  /// Menu 1, Menu 2, Menu 3 1, Menu 3 2, and Info Info.
  func machine(timing: Machine.Timing = timing) -> Machine {
    Machine(
      sequences: [
        ["menu", "1"], ["menu", "2"], ["menu", "3", "1"], ["menu", "3", "2"], ["info", "info"],
      ],
      timing: timing)
  }

  @Test func aKeyThatBeginsNoSequenceIsLeftAlone() {
    var keys = machine()
    #expect(keys.nextKeys == ["menu", "info"])
    #expect(keys.press(nil).isEmpty)
    #expect(keys.press("1").isEmpty)
    #expect(!keys.isPending)
  }

  @Test func theLastKeyFiresItsSequenceWithoutAHint() {
    var keys = machine()
    #expect(keys.press("menu") == [.startTimer(.milliseconds(500))])
    #expect(keys.isPending)
    #expect(keys.nextKeys == ["1", "2", "3"])
    #expect(keys.press("2") == [.cancelTimer, .fire(1)])
    #expect(!keys.isPending)
    #expect(keys.press("info") == [.startTimer(.milliseconds(500))])
    #expect(keys.press("info") == [.cancelTimer, .fire(4)])
  }

  @Test func theHintComesAfterTheHintTimeAndNamesEveryNextKey() {
    var keys = machine()
    _ = keys.press("menu")
    let hint = Machine.Output.showHint([
      .init(key: "1", finishes: 0, continuing: 0), .init(key: "2", finishes: 1, continuing: 0),
      .init(key: "3", finishes: nil, continuing: 2),
    ])
    #expect(keys.timerFired() == [hint, .startTimer(.milliseconds(2500))])
    #expect(keys.isHintShown)
    // Once shown, the hint changes at once with the next step.
    #expect(
      keys.press("3") == [
        .showHint([.init(key: "1", finishes: 2, continuing: 0), .init(key: "2", finishes: 3, continuing: 0)]),
        .startTimer(.seconds(3)),
      ])
    #expect(keys.press("1") == [.cancelTimer, .hideHint, .fire(2)])
    #expect(!keys.isHintShown)
  }

  @Test func aWrongKeyEndsTheSequenceWithoutFiring() {
    var keys = machine()
    _ = keys.press("menu")
    #expect(keys.press(nil) == [.cancelTimer, .ended(.wrongKey)])
    #expect(!keys.isPending)
    _ = keys.press("menu")
    _ = keys.timerFired()
    #expect(keys.press("info") == [.cancelTimer, .hideHint, .ended(.wrongKey)], "a first key is wrong later")
  }

  @Test func theTimeoutEndsTheSequenceAfterTheHint() {
    var keys = machine()
    _ = keys.press("menu")
    _ = keys.timerFired()
    #expect(keys.timerFired() == [.cancelTimer, .hideHint, .ended(.timeout)])
    #expect(!keys.isPending)
    #expect(keys.timerFired().isEmpty, "a late timer does nothing")
  }

  @Test func aHintNoSoonerThanTheTimeoutNeverComes() {
    var keys = machine(timing: .init(hint: .seconds(3), timeout: .seconds(2)))
    #expect(keys.press("menu") == [.startTimer(.seconds(2))])
    #expect(keys.timerFired() == [.cancelTimer, .ended(.timeout)])
  }

  @Test func cancellingEndsOnlyASequenceUnderWay() {
    var keys = machine()
    #expect(keys.cancel().isEmpty)
    _ = keys.press("menu")
    _ = keys.timerFired()
    #expect(keys.cancel() == [.cancelTimer, .hideHint, .ended(.cancelled)])
  }

  @Test func aSequenceThatBeginsALongerOneFiresWhenComplete() {
    var keys = Machine(sequences: [["a", "b"], ["a", "b", "c"]], timing: Self.timing)
    _ = keys.press("a")
    #expect(keys.press("b") == [.cancelTimer, .fire(0)])
  }
}
