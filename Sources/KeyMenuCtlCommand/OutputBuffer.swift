import Glibc
import KeyMenuCore
import KeyMenuProtocol

/// Bytes waiting to go to a file descriptor, written in large chunks.
///
/// Hand-written rather than `FileHandle` + `JSONEncoder`: `keymenuctl monitor`
/// must keep up with a million events a second, and both of those allocate
/// per line. This appends straight into one reused byte buffer.
struct OutputBuffer {
  private var bytes: [UInt8] = []
  private let fileDescriptor: Int32
  /// Set once a write fails (for example `EPIPE` when the reader went away).
  private(set) var isBroken = false

  init(fileDescriptor: Int32) {
    self.fileDescriptor = fileDescriptor
    bytes.reserveCapacity(1 << 16)
  }

  /// Writes everything buffered.
  mutating func flush() {
    var offset = 0
    while offset < bytes.count, !isBroken {
      let written = bytes.withUnsafeBytes { raw in
        write(fileDescriptor, raw.baseAddress! + offset, raw.count - offset)
      }
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR {
        continue
      } else {
        isBroken = true
      }
    }
    bytes.removeAll(keepingCapacity: true)
  }

  /// Flushes when the buffer is large.
  mutating func flushIfFull() {
    if bytes.count >= 1 << 16 { flush() }
  }

  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  mutating func append(byte: UInt8) { bytes.append(byte) }

  /// Appends a decimal integer without going through `String`.
  mutating func append(integer value: Int64) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits: (UInt64, Int) = (0, 0)
    repeat {
      digits.0 = digits.0 * 10 + magnitude % 10
      digits.1 += 1
      magnitude /= 10
    } while magnitude > 0
    for _ in 0..<digits.1 {
      bytes.append(UInt8(ascii: "0") + UInt8(digits.0 % 10))
      digits.0 /= 10
    }
  }

  /// Appends `n` as exactly `width` digits with leading zeros.
  mutating func append(integer value: Int32, width: Int) {
    var divisor: Int32 = 1
    for _ in 1..<width { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest / divisor % 10))
      rest %= divisor
      divisor /= 10
    }
  }

  /// Appends text for a terminal with its control and bidi-override
  /// characters made visible (``ShownText/visible(_:keepingNewlines:)``): a
  /// device name, an error message or a title could otherwise carry escape
  /// sequences.
  mutating func append(printable text: String) {
    append(ShownText.visible(text))
  }

  /// Appends a JSON string literal, escaped by the protocol's own writer
  /// (quotes, backslashes, control and bidi-override characters).
  mutating func append(jsonString text: String) {
    bytes.append(contentsOf: JSONValue.jsonBytes(quoting: text))
  }
}
