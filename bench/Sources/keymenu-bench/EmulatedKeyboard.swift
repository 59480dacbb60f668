import Glibc

/// A keyboard node of a umockdev testbed whose keys this process types, one
/// key at a time: a pseudo-terminal of its own, in raw mode, put in place of
/// the node (`$UMOCKDEV_DIR/dev/input/eventN`, a symlink to the slave, as
/// umockdev makes it). A program under umockdev's preload that opens
/// `/dev/input/eventN` then reads this terminal, with the ioctls still
/// answered by umockdev-run and every read() still paying umockdev's round
/// trip; `stat()` still says character device, which keymenud requires (a
/// FIFO in place of the node, as bench/run.sh uses for readers, is not
/// opened by keymenud). Programs that opened the node before keep the
/// terminal they opened. A syscall file.
final class EmulatedKeyboard {
  private let master: Int32

  /// Makes the terminal and points `node` (a path inside the testbed) at it.
  init(node: String) {
    let (master, number) = Pseudoterminal.openMaster()
    self.master = master
    // Raw: every byte passes as written (the terminal's settings are shared by
    // both ends).
    var settings = termios()
    guard tcgetattr(master, &settings) == 0 else { fail("tcgetattr: \(String(cString: strerror(errno)))") }
    cfmakeraw(&settings)
    guard tcsetattr(master, TCSANOW, &settings) == 0 else {
      fail("tcsetattr: \(String(cString: strerror(errno)))")
    }
    // A new symlink renamed over the node: the node is never missing.
    let staged = node + ".keymenu-bench"
    unlink(staged)
    guard symlink("/dev/pts/\(number)", staged) == 0, rename(staged, node) == 0 else {
      fail("cannot put a pseudo-terminal at \(node): \(String(cString: strerror(errno)))")
    }
  }

  deinit { close(master) }

  /// One press of `code` as raw `input_event` records: down, SYN_REPORT, up,
  /// SYN_REPORT (96 bytes). Timestamps count up from 1 s, 1 ms per press
  /// (`sequence`); nobody reads them as time.
  static func press(_ code: UInt16, sequence: Int64) -> [UInt8] {
    var records = [UInt8]()
    records.reserveCapacity(96)
    let seconds = 1 + sequence / 1000
    let micros = (sequence % 1000) * 1000
    for (type, code, value): (UInt16, UInt16, Int32) in [(1, code, 1), (0, 0, 0), (1, code, 0), (0, 0, 0)] {
      withUnsafeBytes(of: seconds.littleEndian) { records.append(contentsOf: $0) }
      withUnsafeBytes(of: micros.littleEndian) { records.append(contentsOf: $0) }
      withUnsafeBytes(of: type.littleEndian) { records.append(contentsOf: $0) }
      withUnsafeBytes(of: code.littleEndian) { records.append(contentsOf: $0) }
      withUnsafeBytes(of: value.littleEndian) { records.append(contentsOf: $0) }
    }
    return records
  }

  /// Types `records` (from ``press(_:sequence:)``) with one write(), so the
  /// reader gets the whole press at once.
  func type(_ records: [UInt8]) {
    while true {
      let written = records.withUnsafeBytes { Glibc.write(master, $0.baseAddress!, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written == records.count else {
        fail("write to the keyboard's terminal: \(written < 0 ? String(cString: strerror(errno)) : "short")")
      }
      return
    }
  }
}
