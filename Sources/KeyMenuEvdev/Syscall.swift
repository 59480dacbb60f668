import Glibc

/// One helper per C return convention, so every call site handles errors and
/// `EINTR` the same way (after swift-system's `valueOrErrno`).
enum Syscall {
  /// Calls a function that returns -1 and sets `errno` on failure, retrying `EINTR`.
  static func retrying(_ body: () -> Int32) -> Result<Int32, SystemErrno> {
    while true {
      let result = body()
      if result >= 0 { return .success(result) }
      if errno != EINTR { return .failure(SystemErrno(errno)) }
    }
  }

  /// Calls a libevdev function, which returns a negative errno on failure.
  static func libevdev(_ body: () -> Int32) -> Result<Int32, SystemErrno> {
    while true {
      let result = body()
      if result >= 0 { return .success(result) }
      if result != -EINTR { return .failure(SystemErrno(-result)) }
    }
  }
}

/// An errno value with its symbolic name and message.
public struct SystemErrno: Error, Hashable, Sendable, CustomStringConvertible {
  /// The errno number.
  public var rawValue: Int32

  /// Wraps an errno number.
  public init(_ rawValue: Int32) { self.rawValue = rawValue }

  /// `strerror`'s message.
  public var message: String { String(cString: strerror(rawValue)) }

  /// The symbolic name for the errors keymenu explains (`ENOTTY`), else the number.
  public var name: String {
    switch rawValue {
    case EACCES: "EACCES"
    case EPERM: "EPERM"
    case ENOENT: "ENOENT"
    case ENOTTY: "ENOTTY"
    case ENODEV: "ENODEV"
    case EINVAL: "EINVAL"
    case EBUSY: "EBUSY"
    case EAGAIN: "EAGAIN"
    case ENXIO: "ENXIO"
    default: "errno \(rawValue)"
    }
  }

  public var description: String { "\(message) (\(name))" }
}
