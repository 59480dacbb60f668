import Glibc
public import SystemPackage

/// One helper per C return convention, so every call site handles errors and
/// `EINTR` the same way, with swift-system's `Errno` for the error.
public enum Syscall {
  /// Calls a function that returns -1 and sets `errno` on failure, retrying `EINTR`.
  public static func retrying<Value: BinaryInteger>(_ body: () -> Value) -> Result<Value, Errno> {
    while true {
      let result = body()
      if result >= 0 { return .success(result) }
      if errno != EINTR { return .failure(Errno(rawValue: errno)) }
    }
  }

  /// Calls a function that returns a negative errno on failure (libevdev's
  /// convention), retrying `-EINTR`.
  public static func negativeErrno(_ body: () -> Int32) -> Result<Int32, Errno> {
    while true {
      let result = body()
      if result >= 0 { return .success(result) }
      if result != -EINTR { return .failure(Errno(rawValue: -result)) }
    }
  }
}

extension Errno {
  /// The symbolic name for the errors keymenu explains (`ENOTTY`), else
  /// `errno N`.
  public var symbolicName: String {
    switch self {
    case .permissionDenied: "EACCES"
    case .notPermitted: "EPERM"
    case .noSuchFileOrDirectory: "ENOENT"
    case .inappropriateIOCTLForDevice: "ENOTTY"
    case .operationNotSupportedByDevice: "ENODEV"
    case .invalidArgument: "EINVAL"
    case .resourceBusy: "EBUSY"
    case .resourceTemporarilyUnavailable: "EAGAIN"
    case .noSuchAddressOrDevice: "ENXIO"
    default: "errno \(rawValue)"
    }
  }

  /// `strerror`'s message and the symbolic name: `Permission denied (EACCES)`.
  public var explained: String { "\(String(cString: strerror(rawValue))) (\(symbolicName))" }
}
