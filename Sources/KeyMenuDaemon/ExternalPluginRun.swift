import KeyMenuConfig
import KeyMenuServer

/// One configured external plugin while the daemon runs: its supervisor
/// and, while a run is connected, its connection. Lives on the engine thread.
final class ExternalPluginRun {
  let name: String
  let settings: PluginSettings
  var supervisor: PluginSupervisor
  /// The connection of the current run, once its pipes are attached.
  var client: ClientHandle?

  init(name: String, settings: PluginSettings, external: ExternalPlugin) {
    self.name = name
    self.settings = settings
    self.supervisor = PluginSupervisor(settings: external)
  }

  /// What `daemon.status` says about it.
  var status: PluginStatus {
    let state: PluginStatus.State
    switch supervisor.phase {
    case .running: state = .running
    case .restarting: state = .restarting
    case .givenUp: state = .givenUp
    case .exited: state = .exited
    case .stopped: state = settings.enabled ? .starting : .disabled
    }
    let program = supervisor.settings.program.joined(separator: " ")
    return PluginStatus(
      name: name, kind: "external", state: state, summary: program, error: supervisor.lastExit,
      restarts: supervisor.restarts, pid: supervisor.pid)
  }
}
