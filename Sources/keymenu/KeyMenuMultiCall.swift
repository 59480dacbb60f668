import Glibc
import KeyMenuAskAgent
import KeyMenuCompatRuntime
import KeyMenuCore
import KeyMenuCtlCommand
import KeyMenuDaemonCommand
import KeyMenuProtocol

/// `keymenu`: keymenud, keymenuctl and the whiptail, dialog and dmenu
/// drop-ins in one binary, chosen by the name it is run under (`argv[0]`),
/// as busybox does. The package installs this file once and links every
/// name to it: one copy of the Swift runtime, FoundationEssentials and the
/// protocol's code on disk instead of one per program (issue 34: 50 MB of
/// binaries in three files, 24 MB in one). The kernel maps only the pages
/// a process touches, so a name runs no more of the file than its own
/// program did.
///
/// `keymenu NAME [ARGUMENT...]` runs NAME the same way.
@main
enum KeyMenuMultiCall {
  /// The names this binary answers to, each with what it runs.
  static let programs: [(name: String, summary: String)] = [
    ("keymenud", "the daemon"),
    ("keymenuctl", "the command-line client"),
    ("keymenu-whiptail", "whiptail's command line (also as whiptail)"),
    ("keymenu-dialog", "dialog's command line (also as dialog)"),
    ("keymenu-dmenu", "dmenu's command line (also as dmenu)"),
    ("keymenu-ask-password", "a systemd password agent (as root)"),
  ]

  static func main() {
    let called = baseName(CommandLine.arguments.first ?? "")
    if run(called, Array(CommandLine.arguments.dropFirst())) { return }
    // `keymenu NAME ...`, or `keymenu` itself.
    let rest = Array(CommandLine.arguments.dropFirst())
    guard let first = rest.first else {
      Descriptor.write(usage, to: 2)
      exit(2)
    }
    switch first {
    case "-h", "--help":
      Descriptor.write(usage, to: 1)
      exit(0)
    case "--version":
      Descriptor.write("keymenu \(KeyMenuVersion.current)\n", to: 1)
      exit(0)
    default:
      if run(baseName(first), Array(rest.dropFirst())) { return }
      Descriptor.write(
        "keymenu: no program called '\(ShownText.escaped(first))' in this binary\n\(usage)", to: 2)
      exit(2)
    }
  }

  /// Runs the program called `name` with `arguments`; false when no
  /// program has that name.
  static func run(_ name: String, _ arguments: [String]) -> Bool {
    switch name {
    case "keymenud":
      KeymenudProgram.main(arguments)
    case "keymenuctl":
      KeyMenuCtlProgram.main(arguments)
    case "keymenu-whiptail", "whiptail", "keymenu-dialog", "dialog", "keymenu-dmenu", "dmenu":
      WhiptailProgram.main(programName: name, arguments: arguments)
    case "keymenu-ask-password":
      AskAgentProgram.main(arguments)
    default:
      return false
    }
    return true
  }

  static func baseName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  static var usage: String {
    var text = "Usage: keymenu NAME [ARGUMENT...]  (or run it as NAME, through a link)\n\nNAME is one of:\n"
    // The summaries in one column, two spaces after the longest name.
    let column = (programs.map(\.name.count).max() ?? 0) + 2
    for program in programs {
      text +=
        "  " + program.name + String(repeating: " ", count: column - program.name.count) + program.summary
        + "\n"
    }
    return text
  }
}
