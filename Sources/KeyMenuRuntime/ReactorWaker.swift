import Synchronization
public import SystemPackage

/// What other threads may do to a ``Reactor``: wake it for a round of its
/// work, or stop it. Made before the reactor (which lives on its own
/// thread) so that it can be handed out first.
public final class ReactorWaker: Sendable {
  /// The reactor's one wake-up descriptor.
  let event: WakeEvent
  private let stopRequested = Atomic<Bool>(false)

  /// Opens the eventfd.
  public init() throws(Errno) { event = try WakeEvent() }

  /// Makes the reactor return from its wait and run a round (its executor's
  /// jobs, then its round closure); callable from any thread.
  public func wake() { event.raise() }

  /// Makes the reactor's ``Reactor/run(round:signal:)`` return soon, before
  /// it reads anything else; callable from any thread.
  public func stop() {
    stopRequested.store(true, ordering: .sequentiallyConsistent)
    event.raise()
  }

  /// Whether ``stop()`` was called.
  var isStopRequested: Bool { stopRequested.load(ordering: .sequentiallyConsistent) }
}
