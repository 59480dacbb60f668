import Glibc
import KeyMenuEngineActor
import KeyMenuRuntime
import Synchronization
import Testing

/// What the engine thread counts, isolated to it.
@EngineActor final class EngineCounter {
  static let shared = EngineCounter()
  var order: [Int] = []
  var polls = 0
  /// Whether the executor said it was isolating each ``record(_:)``.
  var isolated: [Bool] = []

  func record(_ value: Int) -> String {
    order.append(value)
    isolated.append(EngineExecutor.shared.isIsolatingCurrentContext() == true)
    return RuntimeThreadName.current
  }
}

/// The calling thread's name (as `/proc/thread-self/comm` shows it).
enum RuntimeThreadName {
  static var current: String {
    let descriptor = open("/proc/thread-self/comm", O_RDONLY)
    guard descriptor >= 0 else { return "?" }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 32)
    let count = read(descriptor, &bytes, bytes.count)
    return String(decoding: bytes.prefix(max(0, count)).filter { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
  }
}

/// An engine thread as the daemon's: it waits on its wake-up, runs the jobs
/// queued for ``EngineActor``, and enters the actor synchronously for what
/// its own loop does (here: counting its wake-ups). It takes turns with the
/// in-process test kit, which runs in the same test process
/// (``EngineExecutor/runAsEngineThread(_:)``).
final class TestEngine: Sendable {
  static let shared = TestEngine()
  let started = WakeEvent.mustOpen()

  private init() {
    let wake = WakeEvent.mustOpen()
    let started = started
    let failure = RuntimeThread.start(name: "test-engine") {
      EngineExecutor.shared.setWake { wake.raise() }
      started.raise()
      while true {
        wake.wait()
        EngineExecutor.shared.runAsEngineThread {
          EngineActor.assumeIsolated { EngineCounter.shared.polls += 1 }
        }
      }
    }
    precondition(failure == nil, "cannot start the test engine thread")
    started.wait()
  }
}

extension WakeEvent {
  /// A wake-up for tests, which cannot go on without one.
  static func mustOpen() -> WakeEvent {
    do { return try WakeEvent() } catch { fatalError("eventfd: \(error)") }
  }
}

@Suite(.serialized) struct EngineExecutorTests {
  init() { _ = TestEngine.shared }

  @Test func engineActorCodeRunsOnTheEngineThreadInOrder() async {
    for value in 0..<100 { _ = await EngineCounter.shared.record(value) }
    // Each job ran where the executor isolates: the test engine's thread, or
    // a thread that took its turn as the engine (a test kit's; thread names
    // cannot tell those apart from this test's pool threads, so the check is
    // the executor's own).
    #expect(await EngineCounter.shared.isolated.allSatisfy { $0 })
    let order = await EngineCounter.shared.order
    #expect(order.suffix(100) == Array(0..<100))
  }

  @Test func theEngineThreadEntersTheActorSynchronously() async {
    let before = await EngineCounter.shared.polls
    _ = await EngineCounter.shared.record(-1)
    // Each wake-up of the loop ran `assumeIsolated`, which traps off the engine thread.
    #expect(await EngineCounter.shared.polls > before)
  }

  @Test func closuresRunOnTheEngineThreadInOrderWithTasks() async {
    let done = WakeEvent.mustOpen()
    for value in 1000..<1010 {
      EngineExecutor.shared.execute { _ = EngineCounter.shared.record(value) }
    }
    EngineExecutor.shared.execute { done.raise() }
    done.wait()
    _ = await EngineCounter.shared.record(1010)
    let order = await EngineCounter.shared.order
    #expect(order.suffix(11) == Array(1000...1010))
  }

  @Test func aJobThatRanIsLetGoBeforeTheQueueEmpties() {
    final class Payload: Sendable {}
    final class Probe: @unchecked Sendable { weak var payload: Payload? }
    final class Outcome: Sendable { let released = Mutex<Bool?>(nil) }
    let probe = Probe()
    let outcome = Outcome()
    let done = WakeEvent.mustOpen()
    // Queued while this thread holds the engine's turn, so that the engine
    // thread then finds all three: the second runs while the third waits.
    EngineExecutor.shared.runAsEngineThread {
      do {
        let payload = Payload()
        probe.payload = payload
        EngineExecutor.shared.execute { withExtendedLifetime(payload) {} }
      }
      EngineExecutor.shared.execute { outcome.released.withLock { $0 = probe.payload == nil } }
      EngineExecutor.shared.execute { done.raise() }
    }
    done.wait()
    #expect(outcome.released.withLock { $0 } == true)
  }

  @Test func otherThreadsAreNotIsolatedToTheEngine() {
    #expect(EngineExecutor.shared.isIsolatingCurrentContext() == false)
  }

  @Test func aTurnMakesTheCallingThreadTheEngineThread() {
    let threads = EngineExecutor.shared.runAsEngineThread {
      // The test engine's jobs wait while it is this thread's turn.
      EngineActor.assumeIsolated { EngineCounter.shared.record(-2) }
    }
    #expect(threads == RuntimeThreadName.current)
    #expect(EngineExecutor.shared.isIsolatingCurrentContext() == false)
  }
}
