// C boundary: a POSIX thread and semaphore (Glibc), with the unsafe
// pointers they take.
import Glibc
import Synchronization

/// The helper thread of a process whose engine has no thread of its own
/// (the test runner, `keymenuctl simulate`): woken when a job is queued
/// while no thread adopted ``EngineExecutor``, it takes the engine's turn
/// and runs the queued jobs, so `@EngineActor` tasks run there too. Started
/// on the first wake-up; a process whose thread adopts the executor for
/// good (keymenud) never wakes it after that.
///
/// Written by hand: the engine's executor lives beneath every other module
/// (no runtime thread type to borrow), and libdispatch's worker pool is one
/// more threading model with timers of its own.
final class TurnTaker: Sendable {
  static let shared = TurnTaker()

  /// Posted once per wake-up; the thread runs the queue once per post.
  private nonisolated(unsafe) let pending: UnsafeMutablePointer<sem_t>
  private let started = Atomic<Bool>(false)

  private init() {
    pending = .allocate(capacity: 1)
    sem_init(pending, 0, 0)
  }

  /// Makes the helper thread run the queued jobs (starting it the first time).
  func wake() {
    if !started.exchange(true, ordering: .acquiringAndReleasing) { start() }
    sem_post(pending)
  }

  private func start() {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    var thread = pthread_t()
    let result = pthread_create(
      &thread, &attributes,
      { _ in
        let taker = TurnTaker.shared
        while true {
          while sem_wait(taker.pending) != 0 {}
          EngineExecutor.shared.runPendingOnHelper()
        }
      }, nil)
    precondition(result == 0, "cannot start the engine's helper thread: error \(result)")
  }
}
