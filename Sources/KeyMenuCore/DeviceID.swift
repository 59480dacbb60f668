/// Identifies one opened device for as long as the process runs.
///
/// Ids are handed out in order and never reused, so a key event can always be
/// traced to the device that sent it, even after the device is gone.
public struct DeviceID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The numeric id.
  public var rawValue: UInt32

  /// Creates an id from its number.
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// Creates an id from its number.
  public init(_ rawValue: UInt32) { self.rawValue = rawValue }

  public var description: String { String(rawValue) }

  public static func < (lhs: DeviceID, rhs: DeviceID) -> Bool { lhs.rawValue < rhs.rawValue }
}
