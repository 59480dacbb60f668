import Foundation
import Synchronization

/// A keymenud the benchmarks start: spawned with `posix_spawn`, `NOTIFY_SOCKET`
/// set to a datagram socket in a private directory, `--socket` a path there,
/// standard output and error to a log file there; stopped with SIGTERM and
/// waited for (a non-zero exit is fatal: the daemon broke).
///
/// The environment is passed on as it is, so a daemon started under
/// `umockdev-run` (`LD_PRELOAD`, `UMOCKDEV_DIR`) sees the testbed's devices.
final class DaemonProcess {
  /// keymenud's process id.
  let pid: pid_t
  /// The process to measure: `pid`, or the one a `MAINPID=` line in the
  /// `READY=1` message names (a peer daemon that forks, which
  /// bench/peer-ready.sh starts and reports for).
  private(set) var mainPID: pid_t
  /// The socket keymenud listens on.
  let socketPath: String
  /// The program's file name, for messages (`keymenud`, or the floor of `keys`).
  let name: String
  /// `CLOCK_MONOTONIC` just before `posix_spawn`, in nanoseconds.
  let spawnedAt: UInt64
  private let directory = BenchDirectory()
  private let notify: Int32
  private var running = true

  /// Starts `command` (keymenud and its arguments; `--socket PATH` is added),
  /// with `environment` added to (or replacing in) this process's.
  init(command: [String], environment extra: [String: String] = [:]) {
    guard !command.isEmpty else { fail("no keymenud command given after --") }
    name = String(command[0].split(separator: "/").last ?? "keymenud")
    socketPath = directory.file("s.sock")
    let notifyPath = directory.file("notify")
    notify = UnixSocket.datagram(boundTo: notifyPath)
    let arguments = command + ["--socket", socketPath]
    let inherited = ProcessInfo.processInfo.environment.filter {
      !["NOTIFY_SOCKET", "LISTEN_FDS", "LISTEN_PID", "KEYMENU_SOCKET"].contains($0.key)
    }.merging(extra) { _, added in added }
    let environment = inherited.map { "\($0.key)=\($0.value)" } + ["NOTIFY_SOCKET=\(notifyPath)"]
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, directory.file("keymenud.log"), O_WRONLY | O_CREAT, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var child: pid_t = 0
    spawnedAt = monotonicNanoseconds()
    let result = posix_spawn(&child, command[0], &actions, nil, argv, envp)
    guard result == 0 else { fail("cannot start \(command[0]): \(String(cString: strerror(result)))") }
    pid = child
    mainPID = child
    _ = Self.started.withLock { $0.insert(child) }
  }

  deinit {
    if running { _ = stop() }
    close(notify)
  }

  /// Waits for `READY=1` on the notify socket; its `CLOCK_MONOTONIC` time in
  /// nanoseconds. Exits (after stopping the daemon) when none comes in time.
  func waitReady(timeoutMilliseconds: Int32 = 10_000) -> UInt64 {
    let deadline = spawnedAt + UInt64(timeoutMilliseconds) * 1_000_000
    while true {
      let now = monotonicNanoseconds()
      guard now < deadline else { abandon("no READY=1 within \(timeoutMilliseconds) ms") }
      let left = Int32((deadline - now) / 1_000_000) + 1
      if let message = UnixSocket.receive(notify, timeout: left),
        message.split(separator: "\n").contains("READY=1")
      {
        let main = message.split(separator: "\n").first { $0.hasPrefix("MAINPID=") }
        if let main, let id = pid_t(main.dropFirst("MAINPID=".count)), id > 0 { mainPID = id }
        return monotonicNanoseconds()
      }
      if waitpid(pid, nil, WNOHANG) == pid {
        running = false
        Self.started.withLock { _ = $0.remove(pid) }
        fail("\(name) exited before READY=1; its log:\n\(log)")
      }
    }
  }

  /// SIGTERM, then waits for the exit; the wait status.
  @discardableResult
  func stop() -> Int32 {
    guard running else { return 0 }
    running = false
    kill(pid, SIGTERM)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    Self.started.withLock { _ = $0.remove(pid) }
    return status
  }

  /// Every daemon started and not yet stopped, for ``stopAll()``.
  private static let started = Mutex(Set<pid_t>())

  /// Sends SIGTERM to every daemon still running (keymenu-bench is exiting
  /// on an error and will not wait for them).
  static func stopAll() {
    for pid in started.withLock({ $0 }) { kill(pid, SIGTERM) }
  }

  /// Stops the daemon and exits unless it exited 0.
  func stopCleanly() {
    let status = stop()
    guard status == 0 else { fail("\(name) ended with wait status \(status); its log:\n\(log)") }
  }

  /// Stops the daemon and exits with `message` and the daemon's log.
  func abandon(_ message: String) -> Never {
    stop()
    fail("\(message); \(name)'s log:\n\(log)")
  }

  /// What keymenud wrote to standard output and error.
  var log: String {
    (try? String(contentsOfFile: directory.file("keymenud.log"), encoding: .utf8)) ?? ""
  }
}
