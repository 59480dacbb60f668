import KeyMenuEngineActor
import KeyMenuPluginAPI

extension Engine {
  /// Time since the engine started, on its clock.
  public var now: Duration { clock.now }

  /// The earliest pending timer deadline, for a driver that sleeps until then.
  public var nextDeadline: Duration? { clock.nextDeadline }

  /// Moves the clock forward, running every timer that comes due, in order.
  /// Timers scheduled by those actions run too if they fall in the window.
  public func advance(by delay: Duration) {
    let target = now + delay
    while let token = clock.popDue(before: target) {
      timerActions.removeValue(forKey: token)?()
    }
  }

  func scheduleTimer(after delay: Duration, _ action: @escaping @Sendable @EngineActor () -> Void)
    -> TimerToken
  {
    let token = clock.schedule(after: delay)
    timerActions[token] = action
    return token
  }

  func cancelTimer(_ token: TimerToken) {
    _ = clock.cancel(token)
    timerActions.removeValue(forKey: token)
  }
}
