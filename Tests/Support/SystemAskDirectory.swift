import Foundation
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
    removeStaleQuestions()
    return try body()
  }

  static let path = "/run/systemd/ask-password"

  /// Takes away what an earlier test's asker left when it was killed (a
  /// failed test's): questions whose `PID=` is gone, and sockets no
  /// question names. Otherwise they would be asked again, and an agent run
  /// with `--query` would wait for the directory to empty.
  static func removeStaleQuestions() {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    var sockets: Set<String> = []
    for name in names where name.hasPrefix("ask.") {
      let file = path + "/" + name
      let lines = ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n")
      let value = { (key: String) in
        lines.first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
      }
      if let pid = value("PID").flatMap({ Int32($0) }), kill(pid, 0) == 0 || errno != ESRCH {
        if let socket = value("Socket") { sockets.insert(socket) }
      } else {
        unlink(file)
      }
    }
    for name in names where name.hasPrefix("sck.") && !sockets.contains(path + "/" + name) {
      unlink(path + "/" + name)
    }
  }

  /// The lock could not be taken.
  public struct Failure: Error {
    /// Its errno.
    public let errno: Int32
  }
}
