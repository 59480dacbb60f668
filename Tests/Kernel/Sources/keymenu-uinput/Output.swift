import Glibc

/// Lines to standard output and standard error, written at once (no stdio
/// buffer), so that a script reading a pipe sees each line when it happens.
enum Output {
  /// Writes `text` and a newline to standard output.
  static func line(_ text: String) { write(fd: 1, text + "\n") }

  /// Writes `keymenu-uinput: message` to standard error.
  static func error(_ message: String) { write(fd: 2, "keymenu-uinput: \(message)\n") }

  /// Reports a failure on standard error; the exit status for it (3).
  static func failure(_ message: String) -> any Error {
    error(message)
    return ExitStatus.failed
  }

  private static func write(fd: Int32, _ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      bytes = bytes.dropFirst(written)
    }
  }
}
