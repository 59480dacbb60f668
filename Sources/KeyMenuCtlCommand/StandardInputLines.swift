import Glibc

/// Lines of standard input read as they come, for a loop that also waits
/// on the daemon: ``fill()`` after `poll()` says descriptor 0 is readable
/// never blocks for longer than one `read`.
struct StandardInputLines {
  private var buffer: [UInt8] = []
  private var lines: [String] = []
  /// Whether more may come (end of input not reached).
  private(set) var isOpen = true

  /// Reads what is there; at the end of input, a last line without its
  /// newline counts.
  mutating func fill() {
    var chunk = [UInt8](repeating: 0, count: 4096)
    let count = read(0, &chunk, chunk.count)
    if count < 0, errno == EINTR || errno == EAGAIN { return }
    guard count > 0 else {
      isOpen = false
      if !buffer.isEmpty { lines.append(String(decoding: buffer, as: UTF8.self)) }
      buffer.removeAll()
      return
    }
    buffer.append(contentsOf: chunk[..<count])
    while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
      lines.append(String(decoding: buffer[..<newline], as: UTF8.self))
      buffer.removeSubrange(...newline)
    }
  }

  /// The next complete line, if one has been read.
  mutating func next() -> String? { lines.isEmpty ? nil : lines.removeFirst() }
}
