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

  private func carryOut(_ action: MemoryReturn.Action) {
    switch action {
    case .none: break
    case .check(let due):
      after(max(due - engine.now, .zero)) { core in
        core.carryOut(core.memoryReturn.checkDue(at: core.engine.now))
      }
    case .trim:
      let started = ContinuousClock.now
      releaseFreeMemory()
      let took = (ContinuousClock.now - started).wholeMilliseconds
      logger.debug("gave the allocator's free memory back to the kernel in \(took) ms")
    }
  }
}
