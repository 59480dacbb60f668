/// What the speaker says next: a pure state machine under the speaker's lock.
///
/// An interrupting utterance drops whatever waits and starts a new
/// generation, which ends the one being spoken (the speaker checks
/// ``isCurrent(_:)`` between chunks of sound); others wait their turn, at
/// most ``limit`` of them, the oldest dropped first.
struct UtteranceQueue: Sendable {
  /// The most that wait; a flood of edits must not queue minutes of speech.
  static let limit = 8

  /// Waiting to be said, first next.
  private(set) var waiting: [Utterance] = []
  /// Bumped by every interruption and by ``stop()``.
  private(set) var generation: UInt64 = 0
  /// Whether the speech thread has been woken to say what waits and has not
  /// yet found nothing waiting.
  private(set) var threadWoken = false
  /// Whether the speaker stopped for good.
  private(set) var stopped = false

  /// Adds an utterance; returns whether the speech thread must be woken to say it.
  mutating func add(_ utterance: Utterance) -> Bool {
    guard !stopped else { return false }
    if utterance.interrupts {
      waiting = [utterance]
      generation &+= 1
    } else {
      waiting.append(utterance)
      if waiting.count > Self.limit { waiting.removeFirst(waiting.count - Self.limit) }
    }
    defer { threadWoken = true }
    return !threadWoken
  }

  /// The next utterance with the generation it belongs to; nil (and the
  /// thread no longer counted as woken) when nothing waits.
  mutating func next() -> (utterance: Utterance, generation: UInt64)? {
    guard !stopped, !waiting.isEmpty else {
      threadWoken = false
      return nil
    }
    return (waiting.removeFirst(), generation)
  }

  /// Whether an utterance of `generation` may go on being said.
  func isCurrent(_ generation: UInt64) -> Bool { !stopped && generation == self.generation }

  /// Ends what is being said and drops what waits, for good.
  mutating func stop() {
    stopped = true
    waiting = []
    generation &+= 1
  }
}
