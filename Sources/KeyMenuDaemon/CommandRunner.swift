import Glibc
import KeyMenuConfig
import Logging

/// Runs configured commands as child processes, never as root and never
/// waiting for them: children are reaped when `SIGCHLD` arrives.
struct CommandRunner {
  typealias Account = ChildProcess.Account

  enum Failure: Error, CustomStringConvertible {
    case disabled
    case account(ChildProcess.Failure)
    case notFound(String)
    case spawn(ChildProcess.Failure)

    var description: String {
      switch self {
      case .disabled: "commands are disabled; set [commands] enabled = true and a user"
      case .account(let failure): "commands: \(failure)"
      case .notFound(let program): "\(program): not found in PATH"
      case .spawn(let failure): "command: \(failure)"
      }
    }
  }

  /// The commands settings in force.
  var settings: CommandSettings

  /// The account from the settings: a named user's uid and primary group
  /// (or the named group).
  func account() -> Result<Account, Failure> {
    guard settings.enabled else { return .failure(.disabled) }
    return ChildProcess.account(user: settings.user ?? "nobody", group: settings.group).mapError {
      .account($0)
    }
  }

  /// A started command: its pid, its account, and the daemon's end of the
  /// connection it holds as descriptor 3 (`KEYMENU_FD=3`), if one was made.
  struct Started {
    var pid: Int32
    var account: Account
    var connection: Int32?
  }

  /// Starts `command` with the `KEYMENU_*` variables and, when a socket pair
  /// can be made, a connection to keymenud as descriptor 3 (`KEYMENU_FD=3`);
  /// the caller serves the returned end (or closes it).
  func run(_ command: ConfiguredCommand, environment extra: [String: String]) -> Result<Started, Failure> {
    let account: Account
    switch self.account() {
    case .success(let found): account = found
    case .failure(let failure): return .failure(failure)
    }
    guard let program = command.argv.first, let path = ConfiguredCommand.resolve(program) else {
      return .failure(.notFound(command.argv.first ?? ""))
    }
    let pair = try? ChildProcess.socketPair().get()
    var environment = extra
    if pair != nil { environment["KEYMENU_FD"] = "3" }
    defer { if let pair { ChildProcess.close(pair.child) } }
    switch ChildProcess.spawn(
      path: path, argv: command.argv, environment: ChildProcess.environment(for: account, environment),
      account: account, fd3: pair?.child ?? -1)
    {
    case .success(let pid): return .success(Started(pid: pid, account: account, connection: pair?.daemon))
    case .failure(let failure):
      if let pair { ChildProcess.close(pair.daemon) }
      return .failure(.spawn(failure))
    }
  }

}
