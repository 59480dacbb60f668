/// Hot-plugged device nodes that refused to open with a permission error,
/// waiting for udev to give them their group.
///
/// The kernel creates `/dev/input/eventN` as `root:root 0600`, and udev sets
/// `root:input 0660` a moment later: a reader that opens the node as soon as
/// it appears is refused first. The loop retries on every attribute change
/// (inotify `IN_ATTRIB`) anyway, so such a refusal is worth a warning only if
/// the permissions never settle: this keeps, for each refused node, the time
/// after which it is reported. A pure value; the loop passes the clock in.
struct PermissionSettling {
  /// How long a hot-plugged node may stay unreadable before it is reported.
  static let grace = Duration.seconds(5)

  private var deadlines: [String: ContinuousClock.Instant] = [:]

  /// Whether no node is waiting (the usual case: then the loop's rounds do
  /// not read the clock for it).
  var isEmpty: Bool { deadlines.isEmpty }

  /// Whether `path` is waiting.
  func isWaiting(_ path: String) -> Bool { deadlines[path] != nil }

  /// A node that just appeared was refused: starts its wait, unless it is
  /// already waiting (a retry on an attribute change that still failed).
  mutating func refused(_ path: String, at now: ContinuousClock.Instant) {
    if deadlines[path] == nil { deadlines[path] = now.advanced(by: Self.grace) }
  }

  /// The node opened, was passed over for another reason, or went away.
  mutating func settled(_ path: String) {
    deadlines[path] = nil
  }

  /// The nodes whose wait is over at `now`, in path order; they stop waiting.
  mutating func due(at now: ContinuousClock.Instant) -> [String] {
    let over = deadlines.filter { $0.value <= now }.keys.sorted()
    for path in over { deadlines[path] = nil }
    return over
  }

  /// How long until the next wait is over (`nil`: none is waiting).
  func timeUntilNext(from now: ContinuousClock.Instant) -> Duration? {
    deadlines.values.min().map { max(.zero, now.duration(to: $0)) }
  }
}
