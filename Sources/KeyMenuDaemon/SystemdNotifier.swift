import Glibc
import KeyMenuRuntime
import KeyMenuServer
import KeyMenuSocket

/// Sends `sd_notify` state lines (`READY=1`, `RELOADING=1`, `STOPPING=1`,
/// `WATCHDOG=1`, `STATUS=...`) to the service manager's `NOTIFY_SOCKET`.
///
/// Written by hand: the protocol is one datagram on a Unix socket, and no
/// Swift library in use here (swift-service-lifecycle included) speaks it;
/// linking libsystemd for one call would add a dependency the daemon does
/// not otherwise need.
final class SystemdNotifier: Sendable {
  /// The socket's path; a leading `@` means the abstract namespace.
  let path: String?

  /// How often to send `WATCHDOG=1`: half of `WATCHDOG_USEC` when the
  /// service manager set it for this process (`WATCHDOG_PID`, if given, is ours).
  let watchdogInterval: Duration?

  init(environment: [String: String]) {
    path = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
    let forUs = environment["WATCHDOG_PID"].map { Int32($0) == getpid() } ?? true
    if forUs, path != nil, let microseconds = environment["WATCHDOG_USEC"].flatMap({ Int64($0) }),
      microseconds > 0
    {
      watchdogInterval = .microseconds(microseconds / 2)
    } else {
      watchdogInterval = nil
    }
  }

  /// Sends one notification; failures are ignored (the manager may be gone).
  func notify(_ state: String) {
    guard let path else { return }
    let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return }
    defer { close(fd) }
    let message = Array(state.utf8)
    _ = try? UnixSocketAddress.with(path) { address, length in
      message.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), address, length) }
    }
  }

  /// The `MONOTONIC_USEC=` field systemd wants with `RELOADING=1`.
  static var monotonicMicroseconds: UInt64 { MonotonicClock.nanoseconds / 1000 }
}
