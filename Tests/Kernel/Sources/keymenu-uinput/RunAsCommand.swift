import ArgumentParser
import Glibc

/// `keymenu-uinput run-as UID GID GROUPS PROGRAM ARGS...`: runs a program as
/// an unprivileged user (as root, `setgid` and `setuid` set the real, effective
/// and saved ids alike), as systemd's `User=`/`SupplementaryGroups=` would.
/// The guest's busybox has no `setpriv --reuid`, and its static `su` cannot
/// look up supplementary groups (no NSS in a static binary), so the ids are
/// given as numbers.
struct RunAsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run-as",
    abstract: "Run a program with the given user, group and supplementary groups (numbers).",
    discussion:
      "Example: keymenu-uinput run-as 100 100 101 -- /bin/keymenud --config /etc/keymenu/keymenu.toml"
  )

  @Argument(help: "The user id.")
  var uid: UInt32

  @Argument(help: "The group id.")
  var gid: UInt32

  @Argument(help: "Supplementary group ids, comma-separated ('-' for none).")
  var groups: String

  @Argument(parsing: .captureForPassthrough, help: "The program (an absolute path) and its arguments.")
  var command: [String]

  func run() throws {
    let command = command.first == "--" ? Array(command.dropFirst()) : command
    guard let program = command.first, program.hasPrefix("/") else {
      throw ValidationError("give the program as an absolute path")
    }
    let supplementary = groups == "-" ? [] : groups.split(separator: ",").compactMap { gid_t($0) }
    guard setgroups(supplementary.count, supplementary) == 0, setgid(gid) == 0, setuid(uid) == 0
    else { throw Output.failure("cannot become \(uid):\(gid): \(String(cString: strerror(errno)))") }
    let arguments = command.map { strdup($0) } + [nil]
    execv(program, arguments)
    throw Output.failure("cannot run \(program): \(String(cString: strerror(errno)))")
  }
}
