import KeyMenuProtocol

/// What `daemon.status` and `keymenuctl plugins` say about one plugin.
struct PluginStatus: Hashable, Sendable {
  /// Where it is in its life.
  enum State: String, Hashable, Sendable {
    case running
    case disabled
    /// Its start threw; retried at the next reload.
    case failed
    /// External: about to start.
    case starting
    /// External: waiting to start again after it ended.
    case restarting
    /// External: ended too often in a row; tried again at the next reload.
    case givenUp = "given-up"
    /// External: ended and, by its restart policy, not started again.
    case exited
  }

  var name: String
  /// `builtin` or `external`.
  var kind: String
  var state: State
  /// One line about what it does.
  var summary: String
  /// Why it failed (or, external, why its last run ended).
  var error: String?
  /// External: restarts so far, and the pid of the current run.
  var restarts: Int?
  var pid: Int32?

  /// The `daemon.status` member (`restarts` and `pid` for an external plugin only).
  var entry: DaemonStatusResult.Plugin {
    DaemonStatusResult.Plugin(
      name: name, kind: kind, enabled: state != .disabled, state: state.rawValue, summary: summary,
      error: error,
      restarts: restarts, pid: pid.map { Int($0) })
  }
}
