import Foundation

/// A private directory (mode 0700, from `mkdtemp`) for the sockets and logs
/// of one benchmark, removed with everything in it when released. Nothing
/// in keymenu-bench uses a fixed path in /tmp.
final class BenchDirectory {
  /// The directory's path.
  let path: String

  init() {
    let base = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
    var template = Array("\(base)/keymenu-bench-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      fail("mkdtemp in \(base): \(String(cString: strerror(errno)))")
    }
    path = String(cString: made)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// A path for `name` inside the directory.
  func file(_ name: String) -> String { path + "/" + name }
}
