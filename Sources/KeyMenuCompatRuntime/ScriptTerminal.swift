import Glibc

/// The calling script's terminal, when whiptail or dialog would draw on it:
/// standard output is a terminal, or (dialog's `--stdout`, `--output-fd 1`)
/// the answer is what standard output carries, and `/dev/tty` opens. The
/// box is drawn
/// there on the alternate screen, and keys typed there are read without
/// echo; everything is restored when it goes.
///
/// The C-boundary file of the terminal: `open`, termios, `TIOCGWINSZ`.
final class ScriptTerminal {
  /// The `/dev/tty` descriptor.
  let fileDescriptor: Int32
  private var saved: termios?

  private init(fileDescriptor: Int32) { self.fileDescriptor = fileDescriptor }

  /// The terminal, or nil when there is none to draw on (standard output
  /// not a terminal and not the answer's, or no controlling terminal).
  /// `answerOnStandardOutput`: the answer is written to standard output,
  /// as in `x=$(dialog --stdout ...)`, where dialog draws on `/dev/tty`
  /// (and whiptail, which draws on standard output, draws nowhere). Its keys are read from
  /// `/dev/tty` even when standard input is a pipe (`--textbox /dev/stdin`
  /// fed by one), as whiptail reads them (a gauge, whose standard input is
  /// its feed, reads none: ``BoxLoop/readsKeys``).
  static func open(answerOnStandardOutput: Bool) -> ScriptTerminal? {
    guard isatty(1) == 1 || answerOnStandardOutput else { return nil }
    let descriptor = Glibc.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    return ScriptTerminal(fileDescriptor: descriptor)
  }

  deinit {
    leave()
    close(fileDescriptor)
  }

  /// Columns and rows, or 80 × 24 when unknown.
  var size: (columns: Int, rows: Int) {
    var window = winsize()
    guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
      return (80, 24)
    }
    return (Int(window.ws_col), Int(window.ws_row))
  }

  /// Keys without echo or line buffering; the alternate screen, no cursor.
  /// What was typed before is dropped (`TCSAFLUSH`), as whiptail drops it
  /// when its box opens: a key pressed before the box was drawn (a stray
  /// Enter, the second of a double press on the box before) never answers
  /// a box nobody has seen.
  func enter() {
    var settings = termios()
    guard saved == nil, tcgetattr(fileDescriptor, &settings) == 0 else { return }
    saved = settings
    settings.c_lflag &= ~tcflag_t(ECHO | ICANON)
    withUnsafeMutableBytes(of: &settings.c_cc) { $0[Int(VMIN)] = 1 }
    _ = tcsetattr(fileDescriptor, TCSAFLUSH, &settings)
    write("\u{1B}[?1049h\u{1B}[?25l")
  }

  /// The screen and the settings as they were.
  func leave() {
    guard var settings = saved else { return }
    write("\u{1B}[?25h\u{1B}[?1049l")
    _ = tcsetattr(fileDescriptor, TCSANOW, &settings)
    saved = nil
  }

  /// Writes `text` (a picture).
  func write(_ text: String) { Descriptor.write(text, to: fileDescriptor) }

  /// What was typed (empty at the end of input).
  func read() -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = Glibc.read(fileDescriptor, &bytes, bytes.count)
    return count > 0 ? Array(bytes[..<count]) : []
  }
}
