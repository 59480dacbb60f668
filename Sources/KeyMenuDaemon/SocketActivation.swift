import Glibc

/// The listening socket systemd passes with socket activation
/// (`LISTEN_PID`, `LISTEN_FDS`; the first descriptor is 3).
///
/// Read by hand: it is two environment variables, and no library in use
/// here implements the convention.
enum SocketActivation {
  /// The first passed descriptor, if the variables are meant for this process.
  static func listeningDescriptor(environment: [String: String]) -> Int32? {
    guard let pid = environment["LISTEN_PID"].flatMap({ Int32($0) }), pid == getpid(),
      let count = environment["LISTEN_FDS"].flatMap({ Int($0) }), count >= 1
    else { return nil }
    let descriptor: Int32 = 3
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    unsetenv("LISTEN_PID")
    unsetenv("LISTEN_FDS")
    unsetenv("LISTEN_FDNAMES")
    return descriptor
  }
}
