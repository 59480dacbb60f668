import KeyMenuPluginAPI
import Synchronization

extension Engine {
  /// Time since the engine started, on its clock.
  public var now: Duration { clock.withLock { $0.now } }

  /// The earliest pending timer deadline, for a driver that sleeps until then.
  public var nextDeadline: Duration? { clock.withLock { $0.nextDeadline } }

  /// Moves the clock forward, running every timer that comes due, in order.
  /// Timers scheduled by those actions run too if they fall in the window.
  public func advance(by delay: Duration) {
    let target = now + delay
    while let token = clock.withLock({ $0.popDue(before: target) }) {
      let action = timerActions.withLock { $0.removeValue(forKey: token) }
      action?()
    }
  }

  func scheduleTimer(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> TimerToken {
    let token = clock.withLock { $0.schedule(after: delay) }
    timerActions.withLock { $0[token] = action }
    return token
  }

  func cancelTimer(_ token: TimerToken) {
    clock.withLock { _ = $0.cancel(token) }
    timerActions.withLock { _ = $0.removeValue(forKey: token) }
  }
}
