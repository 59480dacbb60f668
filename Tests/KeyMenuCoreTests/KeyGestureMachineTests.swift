import KeyMenuCore
import Testing

/// ``KeyGestureMachine``: press, long and double, and what repeats and
/// other keys do to them.
@Suite struct KeyGestureMachineTests {
  typealias Machine = KeyGestureMachine
  static let timing = Machine.Timing(long: .milliseconds(500), double: .milliseconds(300))

  func machine(_ gestures: Set<Machine.Gesture>) -> Machine {
    Machine(gestures: gestures, timing: Self.timing)
  }

  @Test func aPlainPressFiresOnTheWayDownWithNoTimer() {
    var keys = machine([.press])
    #expect(keys.down() == [.fire(.press)])
    #expect(keys.isActive)
    #expect(keys.up().isEmpty)
    #expect(!keys.isActive)
  }

  @Test func withALongBindingAShortPressFiresOnTheWayUp() {
    var keys = machine([.press, .long])
    #expect(keys.down() == [.startTimer(.milliseconds(500))])
    #expect(keys.up() == [.cancelTimer, .fire(.press)])
    #expect(keys.state == .idle)
  }

  @Test func heldPastTheThresholdTheLongFiresAndTheReleaseDoesNothing() {
    var keys = machine([.press, .long])
    _ = keys.down()
    #expect(keys.timerFired() == [.fire(.long)])
    #expect(keys.state == .spent)
    #expect(keys.down().isEmpty, "auto-repeat's downs and repeats are holding")
    #expect(keys.up().isEmpty)
    #expect(keys.state == .idle)
  }

  @Test func aLongWithoutAPressBindingIgnoresShortPresses() {
    var keys = machine([.long])
    _ = keys.down()
    #expect(keys.up() == [.cancelTimer])
  }

  @Test func aSecondPressWithinTheWindowIsADouble() {
    var keys = machine([.press, .double])
    #expect(keys.down().isEmpty, "no timer while held: the window starts at the release")
    #expect(keys.up() == [.startTimer(.milliseconds(300))])
    #expect(keys.down() == [.cancelTimer, .fire(.double)])
    #expect(keys.up().isEmpty)
    #expect(keys.state == .idle)
  }

  @Test func aSinglePressFiresWhenTheWindowPasses() {
    var keys = machine([.press, .double])
    _ = keys.down()
    _ = keys.up()
    #expect(keys.timerFired() == [.fire(.press)])
    #expect(keys.state == .idle)
    #expect(keys.timerFired().isEmpty, "a stale timer does nothing")
  }

  @Test func anotherKeyEndsTheWindowAsAPress() {
    var keys = machine([.press, .double])
    _ = keys.down()
    _ = keys.up()
    #expect(keys.otherKeyDown() == [.cancelTimer, .fire(.press)])
    #expect(keys.down().isEmpty, "a new press, not a double")
  }

  @Test func longAndDoubleTogether() {
    var keys = machine([.press, .long, .double])
    #expect(keys.down() == [.startTimer(.milliseconds(500))])
    #expect(keys.up() == [.cancelTimer, .startTimer(.milliseconds(300))])
    #expect(keys.down() == [.cancelTimer, .fire(.double)])
    _ = keys.up()
    #expect(keys.down() == [.startTimer(.milliseconds(500))])
    #expect(keys.timerFired() == [.fire(.long)])
  }

  @Test func otherKeysWhileHeldChangeNothing() {
    var keys = machine([.press, .long])
    _ = keys.down()
    #expect(keys.otherKeyDown().isEmpty)
    #expect(keys.timerFired() == [.fire(.long)])
  }

  @Test func gesturesAreOrderedPressLongDouble() {
    #expect([Machine.Gesture.double, .press, .long].sorted() == [.press, .long, .double])
  }
}
