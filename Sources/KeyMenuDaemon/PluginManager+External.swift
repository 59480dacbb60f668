import Glibc
import KeyMenuConfig
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuServer
import Logging
import NIOCore

extension PluginManager {
  /// Makes the external plugins match the configuration: new or changed
  /// sections start (a changed one restarts), removed or disabled ones stop.
  func applyExternalPlugins(_ settings: [PluginSettings]) {
    var wanted: [String: (PluginSettings, ExternalPlugin)] = [:]
    for setting in settings {
      if case .external(let external) = setting.kind { wanted[setting.name] = (setting, external) }
    }
    // A reload gives a plugin that was given up (or exited by its restart
    // policy) a fresh start, as docs/PLUGINS.md promises.
    for (name, run) in externalPlugins where wanted[name]?.0 == run.settings && run.settings.enabled {
      guard run.supervisor.phase == .givenUp || run.supervisor.phase == .exited else { continue }
      let fresh = ExternalPluginRun(name: name, settings: run.settings, external: run.supervisor.settings)
      if run.supervisor.hasLiveProcesses { retiredPlugins[ObjectIdentifier(run)] = run }
      externalPlugins[name] = fresh
      logger.info("plugin \(name): starting again (reload)")
      carryOut(fresh.supervisor.start(), for: fresh)
    }
    for (name, run) in externalPlugins where wanted[name]?.0 != run.settings {
      carryOut(run.supervisor.stop(), for: run)
      externalPlugins[name] = nil
      if run.supervisor.hasLiveProcesses { retiredPlugins[ObjectIdentifier(run)] = run }
      forgetStatus(of: name)
      logger.info("plugin \(name) stopped: its configuration changed or went")
    }
    for (name, (setting, external)) in wanted.sorted(by: { $0.key < $1.key })
    where externalPlugins[name] == nil {
      let run = ExternalPluginRun(name: name, settings: setting, external: external)
      externalPlugins[name] = run
      if setting.enabled { carryOut(run.supervisor.start(), for: run) }
      recordStatus(of: run)
    }
  }

  /// Stops every external plugin (SIGTERM; the daemon is stopping).
  func stopExternalPlugins() {
    for run in externalPlugins.values { carryOut(run.supervisor.stop(), for: run) }
  }

  /// A reaped child that was a plugin's; false for anyone else's.
  func pluginExited(pid: Int32, _ exit: PluginSupervisor.Exit) -> Bool {
    if let (key, run) = retiredPlugins.first(where: { $0.value.supervisor.owns(pid: pid) }) {
      _ = run.supervisor.exited(pid: pid, exit, now: engine.now)
      if !run.supervisor.hasLiveProcesses { retiredPlugins[key] = nil }
      return true
    }
    guard let run = externalPlugins.values.first(where: { $0.supervisor.owns(pid: pid) }) else {
      return false
    }
    carryOut(run.supervisor.exited(pid: pid, exit, now: engine.now), for: run)
    return true
  }

  /// A plugin's connection closed.
  func pluginDisconnected(_ client: ClientHandle) {
    guard let name = client.pluginName, let run = externalPlugins[name], run.client === client else { return }
    run.client = nil
    carryOut(run.supervisor.connectionClosed(), for: run)
  }

  /// A plugin answered one of the daemon's requests.
  func pluginAnswered(_ name: String, _ value: JSONValue) {
    guard let run = externalPlugins[name], let id = value["id"]?.stringValue else { return }
    carryOut(run.supervisor.pingAnswered(id: id), for: run)
  }

  /// Carries out a supervisor's effects, then publishes the plugin's status.
  func carryOut(_ effects: [PluginSupervisor.Effect], for run: ExternalPluginRun) {
    for effect in effects {
      switch effect {
      case .spawn: spawn(run)
      case .signal(let pid, let signal): ChildProcess.signal(pid, signal)
      case .log(let message): logger.warning("plugin \(run.name): \(message)")
      case .scheduleRestart(let delay, let generation):
        later(delay, run) { $0.restartDue(generation: generation) }
      case .schedulePing(let delay, let generation):
        later(delay, run) { $0.pingDue(generation: generation) }
      case .scheduleKill(let pid, let delay):
        later(delay, run) { $0.killDue(pid: pid) }
      case .ping(let id, let timeout, let generation):
        run.client?.send(
          line: RPCRequest(id: .string(id), method: "plugin.ping").line() + [UInt8(ascii: "\n")])
        later(timeout, run) { $0.pingTimedOut(id: id, generation: generation) }
      }
    }
    recordStatus(of: run)
    publishStatuses()
  }

  /// Runs `event` on the run's supervisor after `delay` (on the engine
  /// thread). A run stopped or replaced meanwhile only gets its signals.
  private func later(
    _ delay: Duration, _ run: ExternalPluginRun,
    _ event: @escaping @Sendable (inout PluginSupervisor) -> [PluginSupervisor.Effect]
  ) {
    let name = run.name
    let key = ObjectIdentifier(run)
    schedule(delay) { plugins in
      if let current = plugins.externalPlugins[name], ObjectIdentifier(current) == key {
        plugins.carryOut(event(&current.supervisor), for: current)
      } else if let retired = plugins.retiredPlugins[key] {
        for case .signal(let pid, let signal) in event(&retired.supervisor) {
          ChildProcess.signal(pid, signal)
        }
      }
    }
  }

  /// Starts a run: pipes, the process as its user, its stdout/stdin as a
  /// client connection with the configured tier, its stderr to the log.
  private func spawn(_ run: ExternalPluginRun) {
    let settings = run.supervisor.settings
    let fail = { (message: String) in
      self.carryOut(run.supervisor.spawnFailed(message, now: self.engine.now), for: run)
    }
    let account: ChildProcess.Account
    switch ChildProcess.account(user: settings.user, group: settings.group) {
    case .success(let found): account = found
    case .failure(let failure): return fail("\(failure)")
    }
    guard let server else { return fail("no server to attach it to") }
    var descriptors: [Int32] = []
    defer { for descriptor in descriptors { ChildProcess.close(descriptor) } }
    guard case .success(let input) = ChildProcess.pipe() else { return fail("cannot make a pipe") }
    descriptors += [input.read]
    guard case .success(let output) = ChildProcess.pipe() else {
      ChildProcess.close(input.write)
      return fail("cannot make a pipe")
    }
    descriptors += [output.write]
    guard case .success(let errors) = ChildProcess.pipe() else {
      ChildProcess.close(input.write)
      ChildProcess.close(output.read)
      return fail("cannot make a pipe")
    }
    descriptors += [errors.write]
    let spawned = ChildProcess.spawn(
      path: settings.program[0], argv: settings.program,
      environment: ChildProcess.environment(for: account, ["KEYMENU_PLUGIN": run.name]), account: account,
      stdin: input.read, stdout: output.write, stderr: errors.write)
    guard case .success(let pid) = spawned else {
      for descriptor in [input.write, output.read, errors.read] { ChildProcess.close(descriptor) }
      if case .failure(let failure) = spawned { fail("\(failure)") }
      return
    }
    logger.info(
      "plugin \(run.name) started: pid \(pid), user \(account.user), tier \(settings.tier.rawValue)")
    carryOut(run.supervisor.spawned(pid: pid, now: engine.now), for: run)
    PluginLogReader.attach(name: run.name, reading: errors.read, logger: logger)
    let name = run.name
    // The run stays on the engine thread: the closures below name it by
    // identity and find it again there.
    let runID = ObjectIdentifier(run)
    server.attachPlugin(
      name: name, reading: output.read, writing: input.write,
      credentials: PeerCredentials(pid: pid, uid: account.uid, gid: account.gid), tier: settings.tier
    ) { [weak self] answer in
      self?.post { plugins in plugins.pluginAnswered(name, answer) }
    }.whenComplete { [weak self] result in
      self?.post { plugins in
        switch result {
        case .success(let client):
          guard let current = plugins.externalPlugins[name], ObjectIdentifier(current) == runID,
            current.supervisor.pid == pid
          else {
            return client.close()
          }
          current.client = client
        case .failure(let error):
          plugins.logger.error("plugin \(name): cannot attach its pipes: \(error)")
          ChildProcess.signal(pid, SIGKILL)
        }
      }
    }
  }

  /// Publishes every plugin's status for `daemon.status`.
  func publishStatuses() {
    let builtins = catalog.descriptors.compactMap { statuses[$0.name] }
    let externals = externalPlugins.keys.sorted().compactMap { statuses[$0] }
    let all = builtins + externals
    status.publish { $0.plugins = all }
  }
}
