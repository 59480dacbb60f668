import Glibc

/// A command a hotkey or menu item runs: an argv, run without a shell unless
/// the configuration asked for one.
///
/// `run = ["systemctl", "poweroff"]` is an argv; `run = "echo $HOME"` with
/// `shell = true` becomes `["/bin/sh", "-c", "echo $HOME"]`.
public struct ConfiguredCommand: Hashable, Sendable {
  /// The program and its arguments; the program is looked up in `PATH` when
  /// it has no `/`.
  public var argv: [String]
  /// Whether the configuration asked for a shell (then `argv` is `/bin/sh -c text`).
  public var shell: Bool

  /// A command run directly, without a shell.
  public init(argv: [String]) {
    self.argv = argv
    self.shell = false
  }

  /// A shell command line, run as `/bin/sh -c text`.
  public init(shellCommand text: String) {
    self.argv = ["/bin/sh", "-c", text]
    self.shell = true
  }

  /// The PATH children get, and where a program name without `/` is looked up.
  public static let searchPath = "/usr/local/bin:/usr/bin:/bin"

  /// The executable file `program` names: itself when it has a `/`, else
  /// the first match in ``searchPath``; nil when there is none (or it is not
  /// executable by this process).
  public static func resolve(_ program: String) -> String? {
    if program.contains("/" as Character) { return access(program, X_OK) == 0 ? program : nil }
    for directory in searchPath.split(separator: ":") {
      let candidate = "\(directory)/\(program)"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }
}
