import Glibc

/// Reading a `--textbox`'s file, as whiptail does before it draws: a file
/// that cannot be read ends the command with its name and the reason
/// (`/nonexistent: No such file or directory`, exit 255).
public enum TextFile {
  /// Why a file could not be read: the errno's text.
  public struct Failure: Error, Sendable {
    /// `No such file or directory`.
    public var reason: String
  }

  /// The text of `path` (invalid UTF-8 repaired), or nil when it is longer
  /// than `limit` bytes (more than a text box takes).
  public static func read(_ path: String, limit: Int) -> Result<String?, Failure> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(Failure(reason: String(cString: strerror(errno)))) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    while bytes.count <= limit {
      let count = Glibc.read(descriptor, &chunk, chunk.count)
      if count < 0, errno == EINTR { continue }
      if count < 0 { return .failure(Failure(reason: String(cString: strerror(errno)))) }
      if count == 0 { return .success(String(decoding: bytes, as: UTF8.self)) }
      bytes += chunk[..<count]
    }
    return .success(nil)
  }
}
