import CKeyMenuRuntime
import NIOCore
import NIOPosix

/// The Swift runtime's global-executor hook: the C boundary of the daemon's
/// concurrency (a syscall-like file: the only unsafe code is handing the
/// hook's address to `keymenu_install_enqueue_global_hook`).
extension Daemon {
  /// Runs Swift concurrency (the service group's tasks) on NIO's event-loop
  /// threads instead of libdispatch's worker pool, whose pool monitor wakes
  /// a thread every second for the life of the process: an idle daemon must
  /// not wake up. Call once in `main`, before any task starts.
  ///
  /// What NIO's
  /// `NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()`
  /// does (each job goes to `MultiThreadedEventLoopGroup.singleton.any()`,
  /// the current loop when there is one), except that the runtime's hook
  /// variable is found by the linker (``keymenu_install_enqueue_global_hook``)
  /// and not with `dlsym`, which finds nothing in the statically linked
  /// binary `make release` builds.
  ///
  /// The group has one event loop (NIO's default is one per core): a few
  /// hundred local clients need no more, and each loop is a thread with its
  /// own stack and malloc arena in an idle daemon's memory.
  @discardableResult
  public static func runConcurrencyOnEventLoops() -> Bool {
    NIOSingletons.groupLoopCountSuggestion = 1
    typealias EnqueueGlobalHook =
      @convention(thin) (UnownedJob, @convention(thin) (UnownedJob) -> Void) -> Void
    return withUnsafeTemporaryAllocation(of: EnqueueGlobalHook.self, capacity: 1) { hook in
      hook.baseAddress!.initialize(to: { job, _ in
        MultiThreadedEventLoopGroup.singleton.any().executor.enqueue(ExecutorJob(job))
      })
      return hook.baseAddress!.withMemoryRebound(to: UnsafeRawPointer.self, capacity: 1) {
        keymenu_install_enqueue_global_hook($0.pointee)
      }
    }
  }
}
