import KeyMenuConfig
import KeyMenuCore
import KeyMenuEvdev
import KeyMenuRouting
import KeyMenuRuntime
import Logging

extension DaemonCore {
  /// Tells ``MemoryReturn`` what the daemon holds after a wake, and carries
  /// out what it decides: a check later, or the trim.
  func noteFootprint() {
    let footprint = MemoryReturn.Footprint(
      clients: requests.connections.count, modalDepth: engine.modalStack.depth,
      heldBytes: holdings.total.bytes)
    carryOut(memoryReturn.observe(footprint, at: engine.now))
  }

  /// A connection's channel closed, or a client that fell behind caught
  /// up: what it queued was freed (for a slow reader, after it already
  /// counted as gone).
  func connectionClosed() {
    carryOut(memoryReturn.ended(at: engine.now))
  }

  /// The socket listens (posted by the server): the daemon is ready if
  /// its devices are scanned too.
  func socketListening() {
    if lifecycle.listening() { startUpEnded() }
  }

  /// The daemon just became ready: what start-up ran (the configuration's
  /// parser, the plugins' and the server's set-up) and allocated on the
  /// way is given back now, at once, so a daemon that then waits for its
  /// first key does not wake again for it.
  func startUpEnded() {
    carryOut(.trim)
  }

  /// A reload is over: the code it ran and what it allocated on the way
  /// are not needed until the next one.
  func reloadEnded() {
    carryOut(memoryReturn.ended(at: engine.now))
  }

  private func carryOut(_ action: MemoryReturn.Action) {
    switch action {
    case .none: break
    case .check(let due):
      after(max(due - engine.now, .zero)) { core in
        core.carryOut(core.memoryReturn.checkDue(at: core.engine.now))
      }
    case .trim:
      let started = ContinuousClock.now
      giveMemoryBack()
      let took = (ContinuousClock.now - started).wholeMilliseconds
      logger.debug("gave free memory and code pages back to the kernel in \(took) ms")
    }
  }

  /// Publishes the counts for `daemon.status` when they changed: a cheap
  /// comparison on every wake-up, a lock only on change.
  func publishCounts() {
    let counts = StatusBoard.Counts(
      devices: devices.count, grabbed: control?.grabbedCount ?? 0, modalDepth: engine.modalStack.depth,
      clients: requests.connections.count, resyncs: devices.resyncs)
    guard counts != publishedCounts else { return }
    publishedCounts = counts
    status.publish { $0.counts = counts }
  }

  /// Publishes what a configuration decides.
  func publishConfiguration() {
    status.publish { status in
      status.configSources = configuration.sources
      status.grabPolicy = configuration.grab.rawValue
    }
  }
}
