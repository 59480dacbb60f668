import Foundation
import Glibc
import KeyMenuTestSupport
import Synchronization

/// A pty pair standing in for a console: the plugin writes to ``path`` (the
/// pty's terminal end), and the test reads from the other end what a
/// terminal would get and plays it through a real terminal emulator (pyte,
/// `Tests/Fixtures/terminal_screen.py`) to see the screen.
final class PseudoTerminal {
  /// What the screen shows.
  struct Screen: Decodable, CustomStringConvertible {
    var lines: [String]
    /// `#` where a cell is in reverse video.
    var reverse: [String]
    var bold: [String]
    /// Row and column, 1-based.
    var cursor: [Int]

    var description: String { "\n" + lines.map { "|\($0)|" }.joined(separator: "\n") }

    /// The box-drawing rows, trimmed.
    var box: [String] {
      lines.filter { $0.contains("│") || $0.contains("┌") || $0.contains("└") || $0.contains("├") }
        .map { $0.trimmingCharacters(in: .whitespaces) }
    }
  }

  /// The terminal end, for the plugin's `device` option.
  let path: String
  let columns: Int
  let rows: Int
  /// A directory of its own (mkdtemp) for the bytes the emulator plays.
  let directory: String
  private let master: Int32
  /// Kept open: it is the "shell" writing its own text, and with it open
  /// the other end never reads EIO when the plugin closes its descriptor.
  private let terminal: Int32
  /// Everything the terminal end was sent, from the start.
  private(set) var output: [UInt8] = []

  /// `TIOCSPTLCK` (`_IOW('T', 0x31, int)`) and `TIOCGPTN` (`_IOR('T', 0x30,
  /// unsigned int)`), macros Swift cannot see.
  static let setLock = UInt(0x4004_5431)
  static let getNumber = UInt(0x8004_5430)

  static let emulator = TestProcess.fixtures + "/terminal_screen.py"

  /// Whether pyte is installed (Debian python3-pyte, in the Makefile's PACKAGES).
  static let hasEmulator = FileManager.default.fileExists(
    atPath: "/usr/lib/python3/dist-packages/pyte/__init__.py")

  init(columns: Int, rows: Int) throws {
    self.columns = columns
    self.rows = rows
    var template = Array((NSTemporaryDirectory() + "keymenu-console-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { throw Failure("mkdtemp: errno \(errno)") }
    directory = String(cString: made)
    // posix_openpt, unlockpt and ptsname by hand: Swift's Glibc module does
    // not show them (they need _XOPEN_SOURCE), and on Linux they are these.
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard master >= 0, ioctl(master, Self.setLock, &unlock) == 0, ioctl(master, Self.getNumber, &number) == 0
    else { throw Failure("opening a pty: errno \(errno)") }
    path = "/dev/pts/\(number)"
    terminal = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard terminal >= 0 else { throw Failure("open \(path): errno \(errno)") }
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    try resize(columns: columns, rows: rows)
  }

  deinit {
    close(terminal)
    close(master)
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// Sets the size the terminal reports (`TIOCSWINSZ`).
  func resize(columns: Int, rows: Int) throws {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else { throw Failure("TIOCSWINSZ: errno \(errno)") }
  }

  /// Writes `text` to the terminal as a program running on it would.
  func type(_ text: String) throws {
    let bytes = Array(text.utf8)
    guard write(terminal, bytes, bytes.count) == bytes.count else { throw Failure("write: errno \(errno)") }
  }

  /// Writes carriage returns (harmless on the screen, and one byte each, so
  /// a partial write cuts no sequence) to the terminal until it takes no
  /// more, as a program does on a terminal nobody reads; returns how many
  /// bytes it took.
  func fill() throws -> Int {
    let flags = fcntl(terminal, F_GETFL)
    _ = fcntl(terminal, F_SETFL, flags | O_NONBLOCK)
    defer { _ = fcntl(terminal, F_SETFL, flags) }
    let returns = [UInt8](repeating: UInt8(ascii: "\r"), count: 1024)
    var total = 0
    while true {
      let count = write(terminal, returns, returns.count)
      if count > 0 {
        total += count
        continue
      }
      guard errno == EAGAIN else { throw Failure("write: errno \(errno)") }
      return total
    }
  }

  /// Reads what has arrived, waiting at most `milliseconds` for the first byte.
  @discardableResult
  func read(waiting milliseconds: Int32) -> Int {
    var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
    guard poll(&fds, 1, milliseconds) > 0 else { return 0 }
    var total = 0
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = Glibc.read(master, &buffer, buffer.count)
      if count <= 0 { return total }
      output += buffer[..<count]
      total += count
    }
  }

  /// The screen after everything read so far.
  func screen() throws -> Screen {
    let file = directory + "/output.bin"
    try Data(output).write(to: URL(fileURLWithPath: file))
    let result = try TestProcess.run(
      [TestProcess.systemPython, Self.emulator, String(columns), String(rows), file], timeout: 30)
    guard result.status == 0 else { throw Failure("terminal_screen.py: \(result.stderr)") }
    return try JSONDecoder().decode(Screen.self, from: Data(result.stdout.utf8))
  }

  /// Reads until the last change is complete (the output ends with restore
  /// cursor, `ESC 8`) and the screen meets `condition`, for at most 10 s;
  /// returns the last screen either way, for the test to check.
  ///
  /// The emulator (a python process) replays everything from the start,
  /// so it runs only once what arrives has been quiet for 50 ms, not for
  /// every half-drawn part.
  func screen(until condition: (Screen) -> Bool) throws -> Screen {
    let deadline = ContinuousClock.now + .seconds(10)
    var last = try screen()
    var played = output.count
    while true {
      if played == output.count, output.suffix(2) == [0x1B, 0x38], condition(last) { return last }
      guard ContinuousClock.now < deadline else { return played == output.count ? last : try screen() }
      read(waiting: 200)
      if played != output.count, staysQuiet(for: 50) {
        last = try screen()
        played = output.count
      }
    }
  }

  /// Starts a watchdog for a step that must never wait on this terminal:
  /// if ``Watchdog/finish()`` is not called within `seconds`, it reads the
  /// terminal (throwing the bytes away) until it is, so a step that blocked
  /// on the full terminal ends, and `finish()` says it had to.
  ///
  /// Unlike a test's time limit, this counts only the step: the test may
  /// first wait long for the engine thread, which other suites share.
  func watchdog(seconds: Int) -> Watchdog { Watchdog(master: master, seconds: seconds) }

  /// See ``watchdog(seconds:)``.
  final class Watchdog: Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)
    private let fired = Mutex(false)

    fileprivate init(master: Int32, seconds: Int) {
      Thread.detachNewThread { [self] in
        defer { ended.signal() }
        guard finished.wait(timeout: .now() + .seconds(seconds)) == .timedOut else { return }
        fired.withLock { $0 = true }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while finished.wait(timeout: .now() + .milliseconds(10)) == .timedOut {
          while Glibc.read(master, &buffer, buffer.count) > 0 {}
        }
      }
    }

    /// Ends the watch; returns whether the step ran past it and the
    /// terminal had to be read for it to end.
    func finish() -> Bool {
      finished.signal()
      ended.wait()
      return fired.withLock { $0 }
    }
  }

  /// Whether nothing more arrives within `milliseconds`.
  func staysQuiet(for milliseconds: Int32) -> Bool { read(waiting: milliseconds) == 0 }
}

/// A test set-up step that failed.
struct Failure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
