import KeyMenuPluginAPI
import KeyMenuRuntime
import Synchronization
import SystemPackage

/// The speech plugin's one thread, `keymenu-speech`: it decides what to say
/// and says it, and sleeps on a ``WakeEvent`` in between, so that a speaker
/// at rest makes no wake-up.
///
/// The plugin hands it the deciding (``decides(_:)``): the routing thread only
/// raises ``changes``, and the thread reads the newest stack and decides,
/// skipping snapshots overtaken meanwhile. The speaker hands it the saying
/// (``says(_:)``): one utterance at a time, in chunks of sound, and between
/// chunks the thread decides on what changed meanwhile, so that a newer
/// utterance interrupts the one being said. The plugin makes it at
/// registration, hands it to its ``SpeechPlugin/MakeSpeaker``, and ends it
/// when it stops.
public final class SpeechThread: Sendable {
  /// Says the next utterance, calling `between` between chunks of sound;
  /// whether there was one.
  typealias Saying = @Sendable (_ between: () -> Void) -> Bool

  private struct State {
    var decide: (@Sendable () -> Void)?
    var say: Saying?
    var started = false
    var stopping = false
    var finished = false
    /// Whether ``waitUntilIdle()`` waits for the thread to run out of work.
    var idleWanted = false

    /// Whether a ``waitUntilIdle()`` waits, and that it no longer does.
    mutating func takeIdleWanted() -> Bool {
      defer { idleWanted = false }
      return idleWanted
    }
  }

  /// How long ``stop()`` waits for the thread to end: it ends what it says
  /// within a chunk of sound (100 ms) and the device's buffer (100 ms).
  static let stopLimitMilliseconds: Int32 = 1000
  /// How long the thread stays awake after deciding: the next change of a
  /// burst (a held arrow key) is taken without a wake-up.
  static let restMilliseconds: Int32 = 5

  /// Raised by the routing thread on each change.
  let changes = ChangeSignal()
  private let wakeEvent: WakeEvent
  private let finished: WakeEvent
  private let idle: WakeEvent
  private let state = Mutex(State())
  /// Only one ``waitUntilIdle()`` at a time waits on `idle`.
  private let idleWaiter = Mutex(())

  /// Makes the thread's wake-up events; ``start()`` starts it.
  init() throws(SpeechError) {
    do {
      wakeEvent = try WakeEvent()
      finished = try WakeEvent()
      idle = try WakeEvent()
    } catch {
      throw SpeechError(.system, "cannot make a wake-up eventfd: \(error.explained)", errno: error.rawValue)
    }
  }

  /// Has the thread decide with `decide` after each change raised on ``changes``.
  func decides(_ decide: @escaping @Sendable () -> Void) { state.withLock { $0.decide = decide } }

  /// Has the thread say what waits with `say`, after each ``wake()``.
  func says(_ say: @escaping Saying) { state.withLock { $0.say = say } }

  /// Starts the thread.
  func start() throws(SpeechError) {
    if let error = RuntimeThread.start(name: "keymenu-speech", { self.run() }) {
      throw SpeechError(.system, "cannot start the speech thread: \(error.explained)", errno: error.rawValue)
    }
    state.withLock { $0.started = true }
  }

  /// The routing thread: the stack changed; returns at once. Only a sleeping
  /// thread is woken: during a burst of changes the routing thread makes no
  /// syscall.
  func changed() {
    if changes.raise() { wakeEvent.raise() }
  }

  /// Something waits to be said or set: wakes the thread, or keeps its next
  /// wait from sleeping.
  func wake() { wakeEvent.raise() }

  /// Tells the thread to end and waits for it, at most
  /// ``stopLimitMilliseconds``; what it says should be stopped first. A
  /// thread that never started, or ended, is not waited for.
  func stop() {
    let running = state.withLock { state in
      state.stopping = true
      return state.started && !state.finished
    }
    wakeEvent.raise()
    guard running else { return }
    finished.wait(milliseconds: Self.stopLimitMilliseconds)
  }

  /// Returns once the thread has run out of work: every change raised so far
  /// decided and everything handed over said (or dropped); at once when the
  /// thread is not running (for tests).
  func waitUntilIdle() {
    idleWaiter.withLock { _ in
      let waits = state.withLock { state in
        state.idleWanted = state.started && !state.finished
        return state.idleWanted
      }
      guard waits else { return }
      wakeEvent.raise()
      idle.wait()
    }
  }

  private func run() {
    /// Whether the thread already waited a moment for more changes since it last decided.
    var rested = true
    while true {
      let (decide, say, stopping) = state.withLock { ($0.decide, $0.say, $0.stopping) }
      if stopping { break }
      if decideIfChanged(decide) { rested = false }
      if let say, say({ if decideIfChanged(decide) { rested = false } }) { continue }
      if !rested {
        rested = true
        wakeEvent.wait(milliseconds: Self.restMilliseconds)
        continue
      }
      if changes.sleepUnlessChanged() {
        rested = false
        continue
      }
      if state.withLock({ $0.takeIdleWanted() }) { idle.raise() }
      wakeEvent.wait()
    }
    let idleWanted = state.withLock { state in
      state.finished = true
      state.decide = nil
      state.say = nil
      return state.takeIdleWanted()
    }
    if idleWanted { idle.raise() }
    finished.raise()
  }

  /// Decides when something changed since the last look; whether it did.
  private func decideIfChanged(_ decide: (@Sendable () -> Void)?) -> Bool {
    guard let decide, changes.take() else { return false }
    decide()
    return true
  }
}
