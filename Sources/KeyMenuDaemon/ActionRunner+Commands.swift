import Glibc
import KeyMenuConfig
import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuServer
import Logging
import NIOCore

extension ActionRunner {
  /// Starts a configured command in `slot` (reserved by the invoke that
  /// asked for it), or in a new slot charged to `slot`'s charge or the
  /// person at the keyboard; refused (and logged once per burst) when the
  /// bounds are reached. A started command is killed when it outlives
  /// `[commands] timeout_ms`.
  func runCommand(_ command: ConfiguredCommand, context: [String: String], slot: CommandBook.Slot?) {
    let id: CommandShares.ID
    if let reserved = slot?.id {
      id = reserved
    } else {
      do throws(CommandBook.Refusal) {
        id = try commands.admit(command, charge: slot?.charge ?? .person, logger: logger)
      } catch {
        _ = commands.takeRefusal()
        return
      }
    }
    let program = command.argv.first ?? ""
    let socket = server?.socketPath ?? configuredSocketPath
    switch commandRunner.run(command, environment: context.merging(["KEYMENU_SOCKET": socket]) { $1 }) {
    case .success(let started):
      if commands.descriptorFailures > 0 {
        logger.notice(
          "commands start again; \(commands.descriptorFailures) could not start for want of descriptors or processes"
        )
        commands.descriptorFailures = 0
      }
      commands.started(id, pid: started.pid, connection: true)
      logger.info("started \(program) as pid \(started.pid)")
      attachCommand(started, id)
      if let timeout = settings.timeout, let host = hostBox.host {
        commands.timers[id] = host.schedule(after: timeout) { [weak self] in
          self?.commandTimedOut(id, after: timeout)
        }
      }
    case .failure(let failure) where failure.isShortage:
      commandEnded(id, commands.release(id))
      commands.descriptorFailures += 1
      if commands.descriptorFailures == 1 {
        logger.error(
          "not running \(program): \(failure); further failures are counted until a command starts")
      }
    case .failure(let failure):
      commandEnded(id, commands.release(id))
      logger.warning("not running \(program): \(failure)")
    }
  }

  /// Serves a started command's connection (`KEYMENU_FD`) with the drive
  /// tier: it may ask people questions and invoke selectors as a member of
  /// group keymenu would, for as long as it holds the descriptor. The
  /// command's slot is held until the connection closes too.
  private func attachCommand(_ started: CommandRunner.Started, _ id: CommandShares.ID) {
    guard let server else {
      ChildProcess.close(started.connection)
      return commandEnded(id, commands.connectionClosed(id))
    }
    let credentials = PeerCredentials(pid: started.pid, uid: started.account.uid, gid: started.account.gid)
    let logger = logger
    // The server calls back on its event loop: back onto the engine thread.
    server.attachCommand(
      descriptor: started.connection, credentials: credentials, tier: .drive,
      onClose: { [weak self] in
        self?.later { runner in runner.commandEnded(id, runner.commands.connectionClosed(id)) }
      }
    ).whenComplete { [weak self] result in
      switch result {
      case .success(let client):
        self?.later { runner in
          // Closed already (its close is posted after this): nothing to keep.
          if runner.commands.shares.entries[id]?.connectionOpen == true {
            runner.commands.connections[id] = client
          }
        }
      case .failure(let error):
        logger.warning("command pid \(started.pid): cannot serve its KEYMENU_FD connection: \(error)")
        self?.later { runner in runner.commandEnded(id, runner.commands.connectionClosed(id)) }
      }
    }
  }

  /// A reaped child that was a command: its slot is given back once its
  /// connection is closed too. False for anyone else's.
  @discardableResult
  func commandExited(pid: Int32) -> Bool {
    guard let (id, ended) = commands.processExited(pid: pid) else { return false }
    commandEnded(id, ended)
    return true
  }

  /// After a command's process or connection ended: its timer goes with its
  /// slot, and each burst of refusals its end closes is one line.
  func commandEnded(_ id: CommandShares.ID, _ ended: [CommandShares.BurstEnded]) {
    if commands.shares.entries[id] == nil, let timer = commands.timers.removeValue(forKey: id) {
      hostBox.host?.cancel(timer)
    }
    for burst in ended {
      if let charge = burst.charge {
        logger.notice(
          "\(charge) is back under its share of commands; \(burst.refused) were refused meanwhile")
      } else {
        logger.notice(
          "below \(commands.shares.maximumTotal) running commands again; \(burst.refused) were refused meanwhile"
        )
      }
    }
  }

  /// `timeout_ms` passed: SIGTERM to the command's process group, then
  /// SIGKILL and its connection closed ``CommandSettings/killGrace`` later.
  func commandTimedOut(_ id: CommandShares.ID, after timeout: Duration) {
    commands.timers[id] = nil
    guard let entry = commands.shares.entries[id], let pid = entry.pid else { return }
    let grace = CommandSettings.killGrace
    ChildProcess.signalGroup(pid, SIGTERM)
    logger.warning(
      "command pid \(pid) ran longer than timeout_ms = \(timeout.wholeMilliseconds): sent SIGTERM to its process group; SIGKILL in \(grace.wholeMilliseconds) ms unless it ends"
    )
    guard let host = hostBox.host else { return }
    commands.timers[id] = host.schedule(after: grace) { [weak self] in self?.commandGraceEnded(id) }
  }

  /// The grace after SIGTERM passed: whatever of the command is left (its
  /// process group, its connection held by a process it started) ends now.
  func commandGraceEnded(_ id: CommandShares.ID) {
    commands.timers[id] = nil
    guard let entry = commands.shares.entries[id], let pid = entry.pid else { return }
    ChildProcess.signalGroup(pid, SIGKILL)
    commands.connections[id]?.close()
    logger.warning(
      "command pid \(pid) was still running \(CommandSettings.killGrace.wholeMilliseconds) ms after SIGTERM: sent SIGKILL to its process group and closed its KEYMENU_FD connection"
    )
  }
}
