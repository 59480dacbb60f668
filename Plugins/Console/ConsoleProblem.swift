import Glibc

/// Why the console presenter cannot draw, with what to do about it: a code,
/// the device, the errno where there is one, and a message a person can act
/// on. Logged once per episode, never thrown past the plugin.
struct ConsoleProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// What failed.
  enum Code: Hashable, Sendable {
    /// The device path is not absolute.
    case badPath
    /// The device could not be opened.
    case open
    /// The device is not a terminal.
    case notATerminal
    /// A write failed: the terminal hung up or went away.
    case write
    /// The terminal took no output for too long while the plugin stopped.
    case stalled
  }

  var code: Code
  /// The configured device.
  var device: String
  /// The errno, or 0.
  var errno: Int32

  /// Creates a problem report.
  init(_ code: Code, device: String, errno: Int32 = 0) {
    self.code = code
    self.device = device
    self.errno = errno
  }

  /// The symbolic name of the errno values a console meets, else the number.
  var errnoName: String {
    switch errno {
    case ENOENT: "ENOENT"
    case EACCES: "EACCES"
    case EPERM: "EPERM"
    case ENXIO: "ENXIO"
    case ENODEV: "ENODEV"
    case EIO: "EIO"
    case ENOTTY: "ENOTTY"
    case EBUSY: "EBUSY"
    case EROFS: "EROFS"
    case EISDIR: "EISDIR"
    default: "errno \(errno)"
    }
  }

  private static let retry = "Tried again on the next change and on reload."

  var description: String {
    switch code {
    case .badPath:
      return "device \"\(device)\" in [plugins.console] must be an absolute path, such as /dev/tty1."
    case .open where errno == EACCES || errno == EPERM:
      return "cannot open \(device) for writing: permission denied (\(errnoName)). keymenud's user must be "
        + "allowed to write it: for a virtual console, the tty group (SupplementaryGroups=input tty) and, "
        + "as the unit has DevicePolicy=closed, DeviceAllow=\(device) w in a drop-in "
        + "(see Plugins/Console/README.md). \(Self.retry)"
    case .open where errno == ENOENT:
      return "cannot open \(device): no such file (ENOENT). Set device in [plugins.console] to a terminal "
        + "that exists on this machine. \(Self.retry)"
    case .open where errno == ENXIO || errno == ENODEV:
      return "cannot open \(device): no such device (\(errnoName)); this machine has no such console or "
        + "line. \(Self.retry)"
    case .open:
      return "cannot open \(device) (\(errnoName)). \(Self.retry)"
    case .notATerminal:
      return "\(device) is not a terminal (ENOTTY); nothing was written to it. Set device in "
        + "[plugins.console] to a terminal, such as /dev/tty1. \(Self.retry)"
    case .write:
      return "lost \(device) (\(errnoName)): the terminal hung up or went away (getty hangs up a console "
        + "at each login); reopened on the next change."
    case .stalled:
      return "\(device) took no output for too long (stopped with Ctrl-S, or nobody reads it); gave up, "
        + "so part of the picture may stay on the screen."
    }
  }
}
