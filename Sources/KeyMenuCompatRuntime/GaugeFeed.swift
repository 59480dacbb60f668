import Glibc
import KeyMenuCompat

/// A gauge's standard input, read as it comes: whiptail's lines (a
/// percent, or an `XXX` block of percent and text) through
/// ``GaugeInputParser``, until its end.
struct GaugeFeed {
  private var parser = GaugeInputParser()
  private var partial: [UInt8] = []
  /// Whether standard input has not ended yet.
  private(set) var isOpen = true

  /// Reads what standard input has now (it is ready): the changes its
  /// complete lines make; at its end, the last line's too.
  mutating func read() -> [GaugeInputParser.Update] {
    var chunk = [UInt8](repeating: 0, count: 4096)
    let count = Glibc.read(0, &chunk, chunk.count)
    if count < 0, errno == EINTR || errno == EAGAIN { return [] }
    guard count > 0 else {
      isOpen = false
      defer { partial = [] }
      return partial.isEmpty ? [] : parser.feed(line: Self.line(partial))
    }
    partial += chunk[..<count]
    var updates: [GaugeInputParser.Update] = []
    while let end = partial.firstIndex(of: UInt8(ascii: "\n")) {
      updates += parser.feed(line: Self.line(partial[..<end]))
      partial.removeSubrange(...end)
    }
    // A line longer than any gauge text is not kept whole.
    if partial.count > 64 * 1024 { partial = [] }
    return updates
  }

  /// Reads standard input to its end, keeping nothing.
  mutating func drain() {
    while isOpen { _ = read() }
  }

  /// A line's text, a CR of a CRLF end dropped.
  private static func line(_ bytes: some Collection<UInt8>) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.hasSuffix("\r") ? String(text.dropLast()) : text
  }
}
