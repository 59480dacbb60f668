import Glibc

/// A pseudo-terminal for the console presenter to draw on while the routing
/// benchmark runs; a thread reads (and drops) everything drawn, as a real
/// console would take it. A syscall file: `posix_openpt` and friends.
final class Pseudoterminal: @unchecked Sendable {
  let master: Int32
  /// The terminal's path (`/dev/pts/N`).
  let path: String

  init() {
    let opened = Self.openMaster()
    master = opened.master
    path = "/dev/pts/\(opened.number)"
    var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    let master = master
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { argument in
        let fd = Int32(Int(bitPattern: argument))
        var buffer = [UInt8](repeating: 0, count: 65536)
        while read(fd, &buffer, buffer.count) > 0 {}
        return nil
      }, UnsafeMutableRawPointer(bitPattern: Int(master)))
    guard started == 0 else { fail("cannot start the pseudo-terminal reader") }
    pthread_detach(thread)
  }

  /// A new pseudo-terminal's master side, unlocked, and its number (the
  /// slave is `/dev/pts/N`); exits with a message when there is none.
  static func openMaster() -> (master: Int32, number: UInt32) {
    // posix_openpt/unlockpt/ptsname by hand: Glibc's Swift module hides them
    // (_XOPEN_SOURCE); on Linux they are /dev/ptmx, TIOCSPTLCK and TIOCGPTN.
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard master >= 0, ioctl(master, UInt(0x4004_5431), &unlock) == 0,
      ioctl(master, UInt(0x8004_5430), &number) == 0
    else {
      fail("cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
    }
    return (master, number)
  }
}
