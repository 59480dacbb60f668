import Synchronization

/// Set by the mailbox when a job arrives; the harness runs `loopWoke` again.
final class WakeFlag: Sendable {
  private let flag = Atomic<Bool>(false)
  func set() { flag.store(true, ordering: .relaxed) }
  func clear() { flag.store(false, ordering: .relaxed) }
  var isSet: Bool { flag.load(ordering: .relaxed) }
}
