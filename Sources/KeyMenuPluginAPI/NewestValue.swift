import Synchronization

/// Hands the newest value (a modal snapshot) from the routing thread to a
/// presenter's own thread, waking that thread only when it sleeps.
///
/// The routing thread calls ``put(_:)``: a lock and a store, and `true` (wake
/// the consumer: one syscall) only when the consumer has said it sleeps. The
/// consumer takes values with ``take()``; when there is nothing left it first
/// calls ``sleepUnlessPending()``, which marks it asleep unless a value came
/// meanwhile (then it carries on instead of sleeping), so no wake-up is lost.
/// A consumer that pauses a few milliseconds after each value before asking
/// again lets a burst of changes (a held arrow key) cost the routing thread
/// no syscall at all: only the newest value matters to a presenter.
public final class NewestValue<Value: Sendable>: Sendable {
  private struct State: Sendable {
    var value: Value?
    var awake = false
  }

  private let state = Mutex(State())

  /// Creates an empty hand-over; the consumer counts as asleep, so the
  /// first value wakes it.
  public init() {}

  /// Whether every value was taken and the consumer sleeps (for tests that
  /// wait for a presenter to catch up).
  public var isSettled: Bool { state.withLock { $0.value == nil && !$0.awake } }

  /// Stores `value`, replacing one not taken yet; returns whether the
  /// consumer sleeps and must be woken.
  public func put(_ value: Value) -> Bool {
    state.withLock { state in
      state.value = value
      defer { state.awake = true }
      return !state.awake
    }
  }

  /// The newest value not taken yet.
  public func take() -> Value? {
    state.withLock { state in
      defer { state.value = nil }
      return state.value
    }
  }

  /// Consumer, about to sleep: returns a value that came meanwhile (and stays
  /// awake), or marks it asleep and returns nil.
  public func sleepUnlessPending() -> Value? {
    state.withLock { state in
      if let value = state.value {
        state.value = nil
        return value
      }
      state.awake = false
      return nil
    }
  }
}
