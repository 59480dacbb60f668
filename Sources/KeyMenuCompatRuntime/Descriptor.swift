import Glibc

/// Writing a result to a descriptor (stderr, stdout, `--output-fd N`), and
/// reading one to its end (dmenu's standard input).
///
/// A syscall file (DESIGN.md): `read`, `write`, `fcntl` and their errno.
public enum Descriptor {
  /// Whether `descriptor` is open (whiptail refuses an `--output-fd` it
  /// cannot open, exit 255).
  public static func isOpen(_ descriptor: Int32) -> Bool { fcntl(descriptor, F_GETFD) != -1 }

  /// Writes all of `bytes`, retrying short writes and EINTR; false when
  /// the descriptor refused them.
  @discardableResult
  public static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    return true
  }

  /// Everything `descriptor` gives until its end (EINTR retried; an error
  /// ends it too).
  public static func readAll(_ descriptor: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = Glibc.read(descriptor, &chunk, chunk.count)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return bytes }
      bytes.append(contentsOf: chunk[..<count])
    }
  }

  /// Writes `text` to `descriptor`.
  @discardableResult
  public static func write(_ text: String, to descriptor: Int32) -> Bool {
    write(Array(text.utf8), to: descriptor)
  }
}
