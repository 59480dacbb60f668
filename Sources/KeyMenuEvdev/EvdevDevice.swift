import CLibevdev
import Glibc
public import KeyMenuCore
import KeyMenuRuntime
import SystemPackage

/// One open evdev device: the file descriptor and its libevdev handle.
///
/// The single owner of both; `deinit` frees the handle and closes the fd, which
/// also releases a grab. ``replaceFileDescriptor(opening:)`` closes the fd it
/// replaces.
public final class EvdevDevice {
  /// The path it was opened and probed from. It names the device in
  /// ``identity`` and in errors, also after ``replaceFileDescriptor(opening:)``.
  public let path: String
  /// The file descriptor, for `poll`; ``replaceFileDescriptor(opening:)`` changes it.
  public private(set) var fileDescriptor: Int32
  let handle: OpaquePointer

  /// Opens a device `O_RDONLY | O_NONBLOCK | O_CLOEXEC` and probes it with libevdev.
  public init(path: String) throws(EvdevError) {
    let fd: Int32
    switch Syscall.retrying({ keymenu_open_device(path) }) {
    case .success(let value): fd = value
    case .failure(let error): throw EvdevError(opening: path, errno: error)
    }
    var handle: OpaquePointer?
    if case .failure(let error) = Syscall.negativeErrno({ libevdev_new_from_fd(fd, &handle) }) {
      close(fd)
      throw EvdevError(opening: path, errno: error)
    }
    guard let handle else {
      close(fd)
      throw EvdevError(opening: path, errno: Errno(rawValue: ENOMEM))
    }
    self.path = path
    self.fileDescriptor = fd
    self.handle = handle
  }

  deinit {
    libevdev_free(handle)
    close(fileDescriptor)
  }

  /// Name, phys, uniq and bus ids.
  public var identity: DeviceIdentity {
    DeviceIdentity(
      path: path,
      name: Self.string(libevdev_get_name(handle)),
      phys: Self.string(libevdev_get_phys(handle)),
      uniq: Self.string(libevdev_get_uniq(handle)),
      bus: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(handle)),
      vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(handle)),
      product: UInt16(truncatingIfNeeded: libevdev_get_id_product(handle)),
      version: UInt16(truncatingIfNeeded: libevdev_get_id_version(handle)))
  }

  /// The keys and axes the device reports.
  public var capabilities: DeviceCapabilities {
    let keyType = UInt32(EV_KEY)
    let keys = (0...UInt32(keymenu_key_max())).filter {
      libevdev_has_event_code(handle, keyType, $0) != 0
    }
    return DeviceCapabilities(
      keys: Set(keys.map { KeyCode(UInt16($0)) }),
      hasRelativeAxes: libevdev_has_event_type(handle, UInt32(EV_REL)) != 0,
      hasAbsoluteAxes: libevdev_has_event_type(handle, UInt32(EV_ABS)) != 0,
      hasAutorepeat: libevdev_has_event_type(handle, UInt32(EV_REP)) != 0,
      absoluteAxes: Set(
        (0...UInt32(ABS_MAX)).filter { libevdev_has_event_code(handle, UInt32(EV_ABS), $0) != 0 }.map {
          UInt16($0)
        }))
  }

  /// An absolute axis' range, if the device has the axis.
  public func axisRange(_ axis: UInt16) -> GamepadTranslator.AxisRange? {
    guard libevdev_has_event_code(handle, UInt32(EV_ABS), UInt32(axis)) != 0 else { return nil }
    return GamepadTranslator.AxisRange(
      minimum: libevdev_get_abs_minimum(handle, UInt32(axis)),
      maximum: libevdev_get_abs_maximum(handle, UInt32(axis)))
  }

  /// Whether libevdev's view of the device has the key down.
  public func isKeyDown(_ key: KeyCode) -> Bool {
    libevdev_get_event_value(handle, UInt32(EV_KEY), UInt32(key.rawValue)) != 0
  }

  /// A description with a classification, under the given id.
  public func info(id: KeyMenuCore.DeviceID) -> DeviceInfo {
    let capabilities = capabilities
    return DeviceInfo(
      id: id, identity: identity, capabilities: capabilities,
      classification: DeviceClassification(capabilities))
  }

  /// Reads from a new file descriptor, opened from `readPath` like ``init(path:)``,
  /// and closes the old one; libevdev keeps the device as probed
  /// (`libevdev_change_fd`).
  ///
  /// For when a device must be reopened without probing it again: after a VT
  /// switch, when the old fd was revoked (`EVIOCREVOKE`), or when the node
  /// that answers the probing ioctls is not the one to read from. Nothing
  /// checks that `readPath` is the same device, and libevdev does not resync:
  /// key state is as it was probed. A grab does not carry over; call
  /// ``setGrabbed(_:)`` again. Callers polling ``fileDescriptor`` must
  /// re-read it.
  ///
  /// - Throws: if `readPath` cannot be opened; the device is then unchanged.
  public func replaceFileDescriptor(opening readPath: String) throws(EvdevError) {
    let fd: Int32
    switch Syscall.retrying({ keymenu_open_device(readPath) }) {
    case .success(let value): fd = value
    case .failure(let error): throw EvdevError(opening: readPath, errno: error)
    }
    // libevdev_change_fd returns -1 (not an errno) only for a handle that
    // libevdev_set_fd never initialized, which init(path:) rules out.
    guard libevdev_change_fd(handle, fd) == 0 else {
      close(fd)
      throw EvdevError(
        code: .system, path: readPath, errno: nil,
        message: "cannot read \(path) from \(readPath): libevdev refused the new file descriptor.")
    }
    close(fileDescriptor)
    fileDescriptor = fd
  }

  /// Takes or releases exclusive access (`EVIOCGRAB`).
  public func setGrabbed(_ grabbed: Bool) throws(EvdevError) {
    let mode = grabbed ? LIBEVDEV_GRAB : LIBEVDEV_UNGRAB
    if case .failure(let error) = Syscall.negativeErrno({ libevdev_grab(handle, mode) }) {
      throw EvdevError(opening: path, errno: error)
    }
  }

  private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
  }
}
