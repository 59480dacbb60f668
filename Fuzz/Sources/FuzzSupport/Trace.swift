import Glibc

/// What a fuzz target does with one input, on standard error, when
/// `KEYMENU_FUZZ_TRACE` is set: to read a crash input, run the target on it
/// with the variable set (docs/FUZZING.md).
public enum Trace {
  /// Whether tracing is on (read once).
  public static let isOn = getenv("KEYMENU_FUZZ_TRACE") != nil

  /// Writes one line when tracing is on.
  public static func print(_ line: @autoclosure () -> String) {
    guard isOn else { return }
    let bytes = Array((line() + "\n").utf8)
    _ = write(2, bytes, bytes.count)
  }
}
