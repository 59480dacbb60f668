/// keymenuctl's command line, for the programs that run it: `keymenuctl`
/// as `swift build` makes it, and the multi-call `keymenu` binary the
/// package installs under that name.
public enum KeyMenuCtlProgram {
  /// Runs the command in `arguments` (the command line without the
  /// program's name) and exits with its documented status.
  public static func main(_ arguments: [String]) {
    KeyMenuCtl.main(arguments)
  }
}
