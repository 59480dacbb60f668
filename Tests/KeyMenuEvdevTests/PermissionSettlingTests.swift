import Testing

@testable import KeyMenuEvdev

/// A hot-plugged node refused for permissions waits out its grace before it
/// is reported, and is never reported once it opened or went away.
@Suite struct PermissionSettlingTests {
  let start = ContinuousClock.now

  @Test func aRefusalIsDueOnlyAfterTheGrace() {
    var settling = PermissionSettling()
    #expect(settling.isEmpty)
    settling.refused("/dev/input/event4", at: start)
    #expect(settling.isWaiting("/dev/input/event4"))
    #expect(!settling.isEmpty)
    #expect(settling.timeUntilNext(from: start) == PermissionSettling.grace)
    #expect(settling.due(at: start + .seconds(1)) == [])
    #expect(settling.due(at: start + PermissionSettling.grace) == ["/dev/input/event4"])
    #expect(!settling.isWaiting("/dev/input/event4"))
    #expect(settling.timeUntilNext(from: start) == nil)
  }

  @Test func aRetryThatStillFailsKeepsTheFirstDeadline() {
    var settling = PermissionSettling()
    settling.refused("/dev/input/event4", at: start)
    settling.refused("/dev/input/event4", at: start + .seconds(3))
    #expect(settling.timeUntilNext(from: start + .seconds(3)) == PermissionSettling.grace - .seconds(3))
    #expect(settling.due(at: start + PermissionSettling.grace) == ["/dev/input/event4"])
  }

  @Test func aNodeThatOpenedOrWentIsNeverDue() {
    var settling = PermissionSettling()
    settling.refused("/dev/input/event4", at: start)
    settling.refused("/dev/input/event5", at: start + .seconds(1))
    settling.refused("/dev/input/event6", at: start + .seconds(2))
    settling.settled("/dev/input/event4")
    settling.settled("/dev/input/event6")
    #expect(settling.timeUntilNext(from: start) == PermissionSettling.grace + .seconds(1))
    #expect(settling.due(at: start + .seconds(60)) == ["/dev/input/event5"])
  }

  @Test func theLoopWaitsForTheSoonerOfTwoDeadlines() {
    #expect(InputLoop.sooner(nil, nil) == nil)
    #expect(InputLoop.sooner(.seconds(2), nil) == .seconds(2))
    #expect(InputLoop.sooner(nil, .seconds(3)) == .seconds(3))
    #expect(InputLoop.sooner(.seconds(4), .milliseconds(10)) == .milliseconds(10))
  }
}
