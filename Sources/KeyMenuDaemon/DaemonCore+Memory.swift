import KeyMenuCore
import KeyMenuRouting
import KeyMenuRuntime
import Logging

extension DaemonCore {
  /// Tells ``MemoryReturn`` what the daemon holds after a wake, and carries
  /// out what it decides: a check later, or the trim.
  func noteFootprint() {
    let footprint = MemoryReturn.Footprint(
      clients: connections.count, modalDepth: engine.modalStack.depth, heldBytes: holdings.total.bytes)
    carryOut(memoryReturn.observe(footprint, at: engine.now))
  }

  /// A connection's channel closed: what it queued was freed (for a slow
  /// reader, after it already counted as gone).
  func connectionClosed() {
    carryOut(memoryReturn.ended(at: engine.now))
  }

  /// Start-up or a reload is over: the code it ran (the configuration's
  /// parser, the plugins' set-up) and what it allocated on the way are not
  /// needed until the next one.
  func oneOffWorkEnded() {
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
}
