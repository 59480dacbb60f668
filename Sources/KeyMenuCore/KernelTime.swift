/// A kernel event timestamp (`struct timeval` of an `input_event`).
public struct KernelTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Whole seconds.
  public var seconds: Int64
  /// Microseconds, 0 ..< 1,000,000.
  public var microseconds: Int32

  /// Creates a timestamp from its two fields.
  public init(seconds: Int64, microseconds: Int32) {
    self.seconds = seconds
    self.microseconds = microseconds
  }

  /// The zero timestamp.
  public static let zero = KernelTime(seconds: 0, microseconds: 0)

  /// `seconds.microseconds` with six digits, as evtest prints it.
  public var description: String {
    let micros = String(microseconds)
    return "\(seconds)." + String(repeating: "0", count: max(0, 6 - micros.count)) + micros
  }

  /// Microseconds from `earlier` to this time (negative when it is later).
  public func microsecondsSince(_ earlier: KernelTime) -> Int64 {
    (seconds &- earlier.seconds) &* 1_000_000 &+ Int64(microseconds) &- Int64(earlier.microseconds)
  }

  /// This time moved on by `duration` (to the microsecond, rounded down).
  public func adding(_ duration: Duration) -> KernelTime {
    let (whole, attoseconds) = duration.components
    let total = Int64(microseconds) + attoseconds / 1_000_000_000_000
    return KernelTime(
      seconds: seconds &+ whole &+ total / 1_000_000 - (total % 1_000_000 < 0 ? 1 : 0),
      microseconds: Int32((total % 1_000_000 + 1_000_000) % 1_000_000))
  }

  public static func < (lhs: KernelTime, rhs: KernelTime) -> Bool {
    (lhs.seconds, lhs.microseconds) < (rhs.seconds, rhs.microseconds)
  }
}
