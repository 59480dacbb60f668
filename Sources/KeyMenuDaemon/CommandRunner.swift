import CKeyMenuSpawn
import Glibc
import KeyMenuConfig
import Logging

/// Runs configured commands as child processes, never as root and never
/// waiting for them: children are reaped when `SIGCHLD` arrives.
struct CommandRunner {
  /// Who commands run as, resolved from the configuration.
  struct Account: Hashable {
    var user: String
    var uid: UInt32
    var gid: UInt32
  }

  enum Failure: Error, CustomStringConvertible {
    case disabled
    case noAccount(String)
    case root
    case notFound(String)
    case spawn(Int32)

    var description: String {
      switch self {
      case .disabled: "commands are disabled; set [commands] enabled = true and a user"
      case .noAccount(let user): "no such user \(user) for commands"
      case .root: "commands never run as root"
      case .notFound(let program): "\(program): not found in PATH"
      case .spawn(let error): "cannot start a command: \(String(cString: strerror(error)))"
      }
    }
  }

  /// The commands settings in force.
  var settings: CommandSettings

  /// The account from the settings: a named user's uid and primary group
  /// (or the named group).
  func account() -> Result<Account, Failure> {
    guard settings.enabled else { return .failure(.disabled) }
    let name = settings.user ?? "nobody"
    guard let user = SystemAccounts.user(name) else { return .failure(.noAccount(name)) }
    let gid = settings.group.flatMap(SystemAccounts.groupID) ?? user.gid
    guard user.uid != 0, gid != 0 else { return .failure(.root) }
    return .success(Account(user: name, uid: user.uid, gid: gid))
  }

  /// Starts `command` with the `KEYMENU_*` variables; returns its pid.
  func run(_ command: ConfiguredCommand, environment extra: [String: String]) -> Result<Int32, Failure> {
    let account: Account
    switch self.account() {
    case .success(let found): account = found
    case .failure(let failure): return .failure(failure)
    }
    guard let program = command.argv.first, let path = Self.resolve(program) else {
      return .failure(.notFound(command.argv.first ?? ""))
    }
    var environment = [
      "PATH": Self.searchPath, "HOME": "/", "USER": account.user, "LOGNAME": account.user, "LANG": "C.UTF-8",
    ]
    environment.merge(extra) { $1 }
    let pid = Self.withCStrings(command.argv) { argv in
      Self.withCStrings(environment.map { "\($0.key)=\($0.value)" }.sorted()) { envp in
        keymenu_spawn_as(path, argv, envp, account.uid, account.gid)
      }
    }
    return pid < 0 ? .failure(.spawn(-pid)) : .success(pid)
  }

  /// Reaps every exited child; returns each pid with its exit description.
  static func reap() -> [(pid: Int32, status: String)] {
    var reaped: [(Int32, String)] = []
    while true {
      var status: Int32 = 0
      let pid = waitpid(-1, &status, WNOHANG)
      guard pid > 0 else { return reaped }
      let code = (status >> 8) & 0xff
      let signal = status & 0x7f
      reaped.append((pid, signal == 0 ? "exited \(code)" : "killed by signal \(signal)"))
    }
  }

  static let searchPath = "/usr/local/bin:/usr/bin:/bin"

  static func resolve(_ program: String) -> String? {
    if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
    for directory in searchPath.split(separator: ":") {
      let candidate = "\(directory)/\(program)"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R
  {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
  }
}
