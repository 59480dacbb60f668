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
    /// No socket pair for its `KEYMENU_FD` (`EMFILE`, `ENFILE`, ...).
    case connection(ChildProcess.Failure)

    var description: String {
      switch self {
      case .disabled: "commands are disabled; set [commands] enabled = true and a user"
      case .account(let failure): "commands: \(failure)"
      case .notFound(let program): "\(program): not found in PATH"
      case .spawn(let failure): "command: \(failure)"
      case .connection(let failure): "no connection for its KEYMENU_FD: \(failure)"
      }
    }

    /// Whether keymenud (or the system) is out of descriptors or processes:
    /// a shortage to log once per burst, not a mistake in the command.
    var isShortage: Bool {
      switch self {
      case .spawn(.spawn(let error)), .connection(.spawn(let error)):
        [EMFILE, ENFILE, ENOBUFS, ENOMEM, EAGAIN].contains(error)
      default: false
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

  /// A started command: its pid (and process group), its account, and the
  /// daemon's end of the connection it holds as descriptor 3 (`KEYMENU_FD=3`).
  struct Started {
    var pid: Int32
    var account: Account
    var connection: Int32
  }

  /// Starts `command` with the `KEYMENU_*` variables and a connection to
  /// keymenud as descriptor 3 (`KEYMENU_FD=3`); the caller serves the
  /// returned end (or closes it). Without a socket pair (out of descriptors)
  /// the command does not start.
  func run(_ command: ConfiguredCommand, environment extra: [String: String]) -> Result<Started, Failure> {
    let account: Account
    switch self.account() {
    case .success(let found): account = found
    case .failure(let failure): return .failure(failure)
    }
    guard let program = command.argv.first, let path = ConfiguredCommand.resolve(program) else {
      return .failure(.notFound(command.argv.first ?? ""))
    }
    let pair: (daemon: Int32, child: Int32)
    switch ChildProcess.socketPair() {
    case .success(let made): pair = made
    case .failure(let failure): return .failure(.connection(failure))
    }
    var environment = extra
    environment["KEYMENU_FD"] = "3"
    defer { ChildProcess.close(pair.child) }
    switch ChildProcess.spawn(
      path: path, argv: command.argv, environment: ChildProcess.environment(for: account, environment),
      account: account, fd3: pair.child)
    {
    case .success(let pid): return .success(Started(pid: pid, account: account, connection: pair.daemon))
    case .failure(let failure):
      ChildProcess.close(pair.daemon)
      return .failure(.spawn(failure))
    }
  }

}
