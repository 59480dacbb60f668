#if DEBUG
  import Synchronization

  /// Set by the mailbox when a job arrives; ``InProcessDaemon/settle()``
  /// then runs the core's `loopWoke` again, as the engine thread would.
  final class WakeFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    func set() { flag.store(true, ordering: .relaxed) }
    func clear() { flag.store(false, ordering: .relaxed) }
    var isSet: Bool { flag.load(ordering: .relaxed) }
  }
#endif
