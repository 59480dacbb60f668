import CKeyMenuRuntime
public import Glibc
public import SystemPackage

/// Signals that stop a poll loop (the engine's reactor, `keymenuctl ui`),
/// read from a signalfd.
///
/// The signals are blocked and read as data, so no asynchronous handler ever
/// runs: a handler interrupting a C library mid-call (or an `LD_PRELOAD`
/// wrapper such as umockdev's) is the classic way to lose or deadlock on a
/// SIGTERM. Create it on the main thread before other threads start, so that
/// every thread inherits the blocked mask.
public final class StopSignals: Sendable {
  /// The signalfd, readable when a signal is pending (for a caller's own `poll()`).
  public let fileDescriptor: Int32

  /// Blocks `signals` in the calling thread and opens a signalfd for them.
  public init(_ signals: [Int32] = [SIGINT, SIGTERM]) throws(Errno) {
    let mask = signals.reduce(UInt64(0)) { $0 | (1 << UInt64($1 - 1)) }
    fileDescriptor = try Syscall.retrying { keymenu_signalfd(mask) }.get()
  }

  deinit { close(fileDescriptor) }

  /// Reads one pending signal number, if any.
  public func take() -> Int32? {
    var info = signalfd_siginfo()
    let count = read(fileDescriptor, &info, MemoryLayout<signalfd_siginfo>.size)
    return count == MemoryLayout<signalfd_siginfo>.size ? Int32(info.ssi_signo) : nil
  }
}
