import Synchronization

/// The newest modal stack, for a presenter's own thread (speech, the
/// console, desktop notifications): the engine stores each `modal.changed`
/// here, and the presenter reads it when its ``ChangeSignal`` says the stack
/// changed. Only the newest matters to a presenter, so one stored value
/// replaces a hand-over per presenter.
///
/// This is the one lock the engine shares with presenter threads; every
/// other piece of engine state is confined to the engine thread
/// (``EngineActor``).
public final class LatestModalSnapshot: Sendable {
  private let stored = Mutex(ModalSnapshot())

  /// Nothing in front yet.
  public init() {}

  /// The newest stack.
  public var snapshot: ModalSnapshot { stored.withLock { $0 } }

  /// Engine thread: keeps `snapshot` as the newest stack.
  public func store(_ snapshot: ModalSnapshot) { stored.withLock { $0 = snapshot } }
}
