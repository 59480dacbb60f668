import CKeyMenuSpawn
import Glibc
import KeyMenuConfig

/// Starting a program as an unprivileged user: configured commands and
/// external plugins. A syscall file (pipes, the C spawn helper); the child
/// never runs as root and inherits nothing but the standard descriptors.
enum ChildProcess {
  /// Who the child runs as.
  struct Account: Hashable {
    var user: String
    var uid: UInt32
    var gid: UInt32
  }

  /// Why a child was not started.
  enum Failure: Error, CustomStringConvertible {
    case noAccount(String)
    case root
    case spawn(Int32)

    var description: String {
      switch self {
      case .noAccount(let user): "no such user \(user)"
      case .root: "never run as root"
      case .spawn(let error): "cannot start: \(String(cString: strerror(error)))"
      }
    }
  }

  /// A user's uid and primary group (or the named group); root is refused.
  static func account(user name: String, group: String?) -> Result<Account, Failure> {
    guard let user = SystemAccounts.user(name) else { return .failure(.noAccount(name)) }
    let gid = group.flatMap(SystemAccounts.groupID) ?? user.gid
    guard user.uid != 0, gid != 0 else { return .failure(.root) }
    return .success(Account(user: name, uid: user.uid, gid: gid))
  }

  /// The PATH children get, and where a command's program name is looked up.
  static let searchPath = ConfiguredCommand.searchPath

  /// The environment a child starts with: a fixed PATH and the account's
  /// names, plus `extra`.
  static func environment(for account: Account, _ extra: [String: String]) -> [String] {
    var environment = [
      "PATH": searchPath, "HOME": "/", "USER": account.user, "LOGNAME": account.user,
      "LANG": "C.UTF-8",
    ]
    environment.merge(extra) { $1 }
    return environment.map { "\($0.key)=\($0.value)" }.sorted()
  }

  /// Starts `path` with `argv` as `account`, in its own session. Standard
  /// input is `stdin` (or /dev/null), output and error `stdout` and `stderr`
  /// (or the daemon's); descriptor 3 is `fd3` when given. Returns the pid.
  static func spawn(
    path: String, argv: [String], environment: [String], account: Account, stdin: Int32 = -1,
    stdout: Int32 = -1, stderr: Int32 = -1, fd3: Int32 = -1
  ) -> Result<Int32, Failure> {
    let pid = withCStrings(argv) { argv in
      withCStrings(environment) { envp in
        keymenu_spawn_with_fds(path, argv, envp, account.uid, account.gid, stdin, stdout, stderr, fd3)
      }
    }
    return pid < 0 ? .failure(.spawn(-pid)) : .success(pid)
  }

  /// A pipe with both ends close-on-exec (the spawn helper's dup2 clears it
  /// for the child's copy): read end, write end.
  static func pipe() -> Result<(read: Int32, write: Int32), Failure> {
    var ends: [Int32] = [-1, -1]
    let result = keymenu_pipe_cloexec(&ends)
    guard result == 0 else { return .failure(.spawn(-result)) }
    return .success((ends[0], ends[1]))
  }

  /// A connected pair of Unix stream sockets, both ends close-on-exec: the
  /// daemon's end and the child's (which the spawn helper puts at 3).
  static func socketPair() -> Result<(daemon: Int32, child: Int32), Failure> {
    var ends: [Int32] = [-1, -1]
    let result = keymenu_socketpair_cloexec(&ends)
    guard result == 0 else { return .failure(.spawn(-result)) }
    return .success((ends[0], ends[1]))
  }

  /// Reaps every exited child without waiting.
  static func reap() -> [(pid: Int32, exit: PluginSupervisor.Exit)] {
    var reaped: [(Int32, PluginSupervisor.Exit)] = []
    while true {
      var status: Int32 = 0
      let pid = waitpid(-1, &status, WNOHANG)
      guard pid > 0 else { return reaped }
      let signal = status & 0x7f
      reaped.append((pid, signal == 0 ? .status((status >> 8) & 0xff) : .signal(signal)))
    }
  }

  /// Sends `signal` to `pid` (gone already is fine).
  static func signal(_ pid: Int32, _ signal: Int32) { _ = kill(pid, signal) }

  /// Sends `signal` to the process group `pid` leads (a child starts its
  /// own session, so its group is its pid): the child and whatever it
  /// started that stayed in its group. Gone already is fine.
  static func signalGroup(_ pid: Int32, _ signal: Int32) { _ = kill(-pid, signal) }

  /// Closes a descriptor the parent no longer needs.
  static func close(_ descriptor: Int32) { _ = Glibc.close(descriptor) }

  private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R
  {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
  }
}
