import CKeyMenuRuntime
import Glibc
public import SystemPackage

/// A detached POSIX thread that runs a closure once: the engine's, the
/// console writer's, the notifications' bus thread. Named, so that `top -H`
/// and `/proc/PID/task/*/comm` tell them apart, and not libdispatch's: a
/// loop that lives as long as the daemon holds a thread of its own anyway,
/// and GCD's worker pool is one more threading model in the process. A pthread, not
/// Foundation's `Thread`: keymenud links no part of Foundation beyond
/// FoundationEssentials (with full Foundation come CoreFoundation, ICU and
/// their pages in every process; see `make release`).
public enum RuntimeThread {
  private final class Start: Sendable {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
      self.name = name
      self.body = body
    }
  }

  /// Starts `body` on a new thread named `name` (at most 15 bytes, as
  /// `/proc/PID/task/TID/comm` shows it); the error when no thread could be
  /// created, and then `body` does not run.
  public static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Errno? {
    let start = Unmanaged.passRetained(Start(name: name, body: body))
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    var thread = pthread_t()
    let result = pthread_create(
      &thread, &attributes,
      { argument in
        let start = Unmanaged<Start>.fromOpaque(argument!).takeRetainedValue()
        _ = keymenu_set_thread_name(start.name)
        start.body()
        return nil
      }, start.toOpaque())
    guard result == 0 else {
      start.release()
      return Errno(rawValue: result)
    }
    return nil
  }
}
