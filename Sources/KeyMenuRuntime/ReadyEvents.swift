import Glibc

/// What `poll()` reported for a descriptor (its `revents`).
public struct ReadyEvents: OptionSet, Sendable, Hashable {
  public let rawValue: Int16

  public init(rawValue: Int16) { self.rawValue = rawValue }

  /// Data to read (`POLLIN`).
  public static let input = ReadyEvents(rawValue: Int16(POLLIN))
  /// Urgent data, such as a CEC adapter's state change (`POLLPRI`).
  public static let priority = ReadyEvents(rawValue: Int16(POLLPRI))
  /// The other end hung up (`POLLHUP`).
  public static let hangUp = ReadyEvents(rawValue: Int16(POLLHUP))
  /// An error condition (`POLLERR`).
  public static let error = ReadyEvents(rawValue: Int16(POLLERR))
  /// The descriptor is not open (`POLLNVAL`).
  public static let invalid = ReadyEvents(rawValue: Int16(POLLNVAL))

  /// Any of the conditions that end a stream once its data is read.
  public static let closed: ReadyEvents = [.hangUp, .error, .invalid]
}
