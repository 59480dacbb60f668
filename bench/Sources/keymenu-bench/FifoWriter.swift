import Glibc

/// Writes KEY_A down/up events, each followed by SYN_REPORT, as raw 24-byte
/// `input_event` records in 170-record chunks (4080 bytes: atomic under
/// PIPE_BUF, so the reader never sees half a record).
struct FifoWriter {
  var path: String
  var keyEvents: Int

  func run() {
    var data = [UInt8]()
    data.reserveCapacity(keyEvents * 48)
    func record(_ seconds: Int64, _ micros: Int64, _ type: UInt16, _ code: UInt16, _ value: Int32) {
      withUnsafeBytes(of: seconds.littleEndian) { data.append(contentsOf: $0) }
      withUnsafeBytes(of: micros.littleEndian) { data.append(contentsOf: $0) }
      withUnsafeBytes(of: type.littleEndian) { data.append(contentsOf: $0) }
      withUnsafeBytes(of: code.littleEndian) { data.append(contentsOf: $0) }
      withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    for index in 0..<keyEvents {
      let seconds = 1 + Int64(index / 1_000_000)
      let micros = Int64(index % 1_000_000)
      record(seconds, micros, 1, 30, index % 2 == 0 ? 1 : 0)
      record(seconds, micros, 0, 0, 0)
    }
    let fd = open(path, O_WRONLY)
    guard fd >= 0 else { fail("cannot open \(path): \(String(cString: strerror(errno)))") }
    let chunk = 170 * 24
    var offset = 0
    let start = monotonicSeconds()
    data.withUnsafeBytes { raw in
      while offset < raw.count {
        let written = write(fd, raw.baseAddress! + offset, min(chunk, raw.count - offset))
        if written < 0 {
          if errno == EINTR { continue }
          fail("write: \(String(cString: strerror(errno)))")
        }
        offset += written
      }
    }
    close(fd)
    printToStandardError("writer: \(keyEvents * 2) raw events in \(format(monotonicSeconds() - start)) s")
  }
}
