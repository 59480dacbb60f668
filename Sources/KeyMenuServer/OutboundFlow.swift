/// Decides, for one connection, what happens to each outgoing line: written,
/// coalesced, or the end of the connection. A pure state machine; the
/// ``ClientHandle`` carries out its actions.
///
/// A client that falls behind (more than `coalesceAbove` bytes unwritten)
/// stops receiving followed-state notifications (`alert.*`, `menu.*`): they
/// are skipped and counted, and only the newest `state.changed` is kept, in
/// one slot. When its queue drains below `resumeBelow`, that newest
/// `state.changed` is written with the count of what was skipped, and normal
/// delivery resumes. Answers and other notifications are never dropped; a
/// client whose backlog of those passes `limit` is disconnected.
struct OutboundFlow<Slot> {
  /// What a line is, which decides whether it may be coalesced.
  enum Line {
    /// An answer to the client's own request: never dropped.
    case answer
    /// A notification that is not followed state (`device.*`, `selector.*`,
    /// `key`, ...): never dropped.
    case event
    /// `alert.*` or `menu.*`: skipped while coalescing.
    case followed
    /// `state.changed` with its params: kept in the slot while coalescing.
    case state(Slot)
  }

  /// What to do with a line, or after a write completed.
  enum Action {
    /// Write the line as it is.
    case write
    /// Write this `state.changed` with a `skipped` member, then report its
    /// size with ``queued(bytes:)``.
    case writeState(Slot, skipped: Int)
    /// Coalesced: not written (counted, or kept in the slot).
    case coalesced
    /// The backlog passed the limit: tell the client why where possible and
    /// close the connection.
    case disconnect(pending: Int)
    /// The connection was already given up; nothing to do.
    case discard
  }

  let coalesceAbove: Int
  let resumeBelow: Int
  let limit: Int
  /// Bytes queued and not yet written, of every kind.
  private(set) var pending = 0
  /// Bytes of answers and events (lines that cannot be coalesced) not yet written.
  private(set) var pendingFirm = 0
  private(set) var coalescing = false
  private(set) var slot: Slot?
  /// Followed-state notifications not sent since the last `state.changed` the client got.
  private(set) var skipped = 0
  private(set) var disconnected = false

  /// Creates the flow of an empty connection.
  init(coalesceAbove: Int, resumeBelow: Int, limit: Int) {
    self.coalesceAbove = coalesceAbove
    self.resumeBelow = resumeBelow
    self.limit = limit
  }

  /// A line of `bytes` bytes is to be sent.
  mutating func send(_ line: Line, bytes: Int) -> Action {
    if disconnected { return .discard }
    switch line {
    case .answer, .event:
      if pendingFirm + bytes > limit {
        disconnected = true
        slot = nil
        return .disconnect(pending: pendingFirm + bytes)
      }
      pendingFirm += bytes
      pending += bytes
      return .write
    case .followed:
      if coalescing || pending > coalesceAbove {
        coalescing = true
        skipped += 1
        return .coalesced
      }
      pending += bytes
      return .write
    case .state(let params):
      if coalescing || pending > coalesceAbove {
        coalescing = true
        if slot != nil { skipped += 1 }
        slot = params
        return .coalesced
      }
      if skipped > 0 {
        defer { skipped = 0 }
        return .writeState(params, skipped: skipped)
      }
      pending += bytes
      return .write
    }
  }

  /// The size of a line written after ``Action/writeState(_:skipped:)``.
  mutating func queued(bytes: Int) { pending += bytes }

  /// A line of `bytes` bytes was written (or failed); `firm` for answers and
  /// events. Returns the newest `state.changed` to send when a coalescing
  /// client has caught up.
  mutating func written(bytes: Int, firm: Bool) -> Action? {
    written(bytes: bytes, firmBytes: firm ? bytes : 0)
  }

  /// Lines of `bytes` bytes in all were written (or failed), `firmBytes` of
  /// them answers and events: one report for a batch written together.
  mutating func written(bytes: Int, firmBytes: Int) -> Action? {
    pending -= bytes
    pendingFirm -= firmBytes
    guard coalescing, !disconnected, pending < resumeBelow else { return nil }
    coalescing = false
    guard let newest = slot else { return nil }
    slot = nil
    defer { skipped = 0 }
    return .writeState(newest, skipped: skipped)
  }
}

extension OutboundFlow: Sendable where Slot: Sendable {}
extension OutboundFlow.Line: Sendable where Slot: Sendable {}
extension OutboundFlow.Action: Sendable where Slot: Sendable {}
