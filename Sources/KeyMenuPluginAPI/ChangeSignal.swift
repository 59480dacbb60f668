import Synchronization

/// Tells a presenter's own thread that what is in front changed, from the
/// routing thread, at the cost of two atomic operations: no lock, no copy of
/// the snapshot, and a wake-up (a syscall) only when that thread sleeps. The
/// thread then reads the newest stack itself (``PluginHost/modalSnapshot``):
/// only the newest matters to a presenter.
///
/// Routing thread: ``raise()`` on each `modal.changed`; wake the thread when
/// it returns `true`. Presenter thread: ``take()`` says whether something
/// changed since it last asked; before sleeping it calls
/// ``sleepUnlessChanged()``, which marks it asleep unless a change came
/// meanwhile (then it carries on), so no change is lost. Staying awake a few
/// milliseconds after each change lets a burst (a held arrow key) cost the
/// routing thread no wake-up at all.
public final class ChangeSignal: Sendable {
  private let changed = Atomic<Bool>(false)
  private let awake = Atomic<Bool>(false)

  /// Creates a signal; the presenter's thread counts as asleep, so the first
  /// change wakes it.
  public init() {}

  /// Routing thread: records a change; returns whether the presenter's
  /// thread sleeps and must be woken.
  public func raise() -> Bool {
    changed.store(true, ordering: .sequentiallyConsistent)
    return !awake.exchange(true, ordering: .sequentiallyConsistent)
  }

  /// Presenter thread: whether anything changed since the last call.
  public func take() -> Bool { changed.exchange(false, ordering: .sequentiallyConsistent) }

  /// Presenter thread, about to sleep: `true` (and stays awake) when a change
  /// came meanwhile; otherwise marks it asleep and returns `false`.
  public func sleepUnlessChanged() -> Bool {
    awake.store(false, ordering: .sequentiallyConsistent)
    guard changed.load(ordering: .sequentiallyConsistent) else { return false }
    awake.store(true, ordering: .sequentiallyConsistent)
    return true
  }

  /// Whether no change is waiting and the presenter's thread sleeps (for tests).
  public var isSettled: Bool {
    !changed.load(ordering: .sequentiallyConsistent) && !awake.load(ordering: .sequentiallyConsistent)
  }
}
