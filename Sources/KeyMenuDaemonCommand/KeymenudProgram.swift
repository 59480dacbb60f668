/// keymenud's command line and start, for the programs that run it:
/// `keymenud` as `swift build` makes it, and the multi-call `keymenu`
/// binary the package installs under that name.
public enum KeymenudProgram {
  /// Runs the daemon (or `--check`, `--help`, `--version`) with
  /// `arguments` (the command line without the program's name) and exits
  /// with its documented status.
  public static func main(_ arguments: [String]) {
    Keymenud.main(arguments)
  }
}
