import Glibc

/// The controlling terminal for `keymenuctl ui`: its size, and a screen mode
/// in which typed keys are not echoed over the picture.
///
/// termios and `TIOCGWINSZ` by hand: no library in use here wraps them, and
/// they are two calls.
final class Terminal {
  private let input: Int32
  private let output: Int32
  private var saved: termios?

  init(input: Int32 = 0, output: Int32 = 1) {
    self.input = input
    self.output = output
  }

  /// Whether the output is a terminal (else the picture is printed as plain text).
  var isTerminal: Bool { isatty(output) == 1 }

  /// Columns and rows, or 80 × 24 when unknown.
  var size: (columns: Int, rows: Int) {
    var window = winsize()
    guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
      return (80, 24)
    }
    return (Int(window.ws_col), Int(window.ws_row))
  }

  /// Turns off echo and line buffering on the input (so a key typed on the
  /// keyboard keymenu reads does not scribble on the picture).
  func enterScreenMode() {
    var settings = termios()
    guard isatty(input) == 1, tcgetattr(input, &settings) == 0 else { return }
    saved = settings
    settings.c_lflag &= ~tcflag_t(ECHO | ICANON)
    withUnsafeMutableBytes(of: &settings.c_cc) { $0[Int(VMIN)] = 1 }
    _ = tcsetattr(input, TCSANOW, &settings)
  }

  /// Restores the input's settings.
  func leaveScreenMode() {
    guard var settings = saved else { return }
    _ = tcsetattr(input, TCSANOW, &settings)
    saved = nil
  }
}
