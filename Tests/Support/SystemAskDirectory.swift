import Glibc

/// The system's ask directory (`/run/systemd/ask-password`), which the real
/// `systemd-ask-password` always asks in: tests that use it hold this
/// lock, so that one test's question is never seen, answered or shown by
/// another's agent running at the same time.
public enum SystemAskDirectory {
  /// Runs `body` holding the lock (`flock` on a file beside the directory,
  /// made once, root's: these tests run as root).
  public static func exclusively<T>(_ body: () throws -> T) throws -> T {
    let lock = open("/run/keymenu-tests-ask-password.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard lock >= 0 else { throw Failure(errno: errno) }
    defer { close(lock) }
    while flock(lock, LOCK_EX) != 0 {
      guard errno == EINTR else { throw Failure(errno: errno) }
    }
    mkdir("/run/systemd", 0o755)
    mkdir("/run/systemd/ask-password", 0o755)
    return try body()
  }

  /// The lock could not be taken.
  public struct Failure: Error {
    /// Its errno.
    public let errno: Int32
  }
}
