import Glibc
import KeyMenuRuntime
public import SystemPackage

/// An error from the device layer, with a message a person can act on.
public struct EvdevError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, as a stable code.
  public enum Code: String, Hashable, Sendable {
    /// The process may not open the device (`EACCES` / `EPERM`).
    case permissionDenied = "permission-denied"
    /// The path does not exist (`ENOENT`).
    case notFound = "not-found"
    /// The path exists but is not an evdev device (`ENOTTY`, `EINVAL`).
    case notAnInputDevice = "not-an-input-device"
    /// The device was removed (`ENODEV`, hang-up).
    case deviceGone = "device-gone"
    /// Any other system error.
    case system
  }

  /// The stable code.
  public var code: Code
  /// The device path concerned.
  public var path: String
  /// The errno, when there is one.
  public var errno: Errno?
  /// A sentence a person can act on.
  public var message: String

  /// Creates an error.
  public init(code: Code, path: String, errno: Errno?, message: String) {
    self.code = code
    self.path = path
    self.errno = errno
    self.message = message
  }

  /// Explains an errno from opening or probing `path`.
  public init(opening path: String, errno: Errno) {
    self.path = path
    self.errno = errno
    switch errno.rawValue {
    case EACCES, EPERM:
      code = .permissionDenied
      message = Self.permissionMessage(path: path, node: NodeAccess(path))
    case ENOENT:
      code = .notFound
      message = "\(path): no such file or device."
    case ENOTTY, EINVAL:
      code = .notAnInputDevice
      message =
        "\(path) is not an evdev input device (\(errno.symbolicName): it does not answer evdev ioctls)."
    case ENODEV, ENXIO:
      code = .deviceGone
      message = "\(path): the device is gone (\(errno.symbolicName))."
    default:
      code = .system
      message = "cannot open \(path): \(errno.explained)."
    }
  }

  /// The device at `path` went away.
  public static func gone(_ path: String, errno: Errno? = nil) -> EvdevError {
    EvdevError(
      code: .deviceGone, path: path, errno: errno,
      message: "\(path): the device is gone" + (errno.map { " (\($0.symbolicName))." } ?? "."))
  }

  public var description: String { message }
}

extension EvdevError {
  /// The advice for a node that refused to open: join the `input` group,
  /// unless this process is in the node's group already, when the node's
  /// own permissions are what is wrong (udev has not, or not yet, set them).
  static func permissionMessage(path: String, node: NodeAccess?) -> String {
    if let node, node.processInGroup {
      return "cannot open \(path): permission denied, although this process is in its group "
        + "(\(node.groupName), mode \(node.modeText)): the group cannot read it. udev gives input "
        + "devices root:input 0660; check its rules (udevadm info \(path))."
    }
    return "cannot open \(path): permission denied. Input devices belong to the 'input' group: "
      + "add your user to it (sudo usermod -aG input $USER, then log in again) or run as root."
  }
}
