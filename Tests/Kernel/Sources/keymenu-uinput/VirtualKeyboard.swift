import CLibevdev
import Glibc

/// A keyboard made with uinput through libevdev's uinput API: the kernel
/// creates a real input device (`/dev/input/eventN`) whose events are the
/// ones written here. The C boundary of `keymenu-uinput`.
final class VirtualKeyboard {
  /// Why a keyboard could not be made or written.
  struct Failure: Error, CustomStringConvertible {
    /// What failed, with the errno text.
    let description: String
  }

  private let device: OpaquePointer
  private let uinput: OpaquePointer
  /// The event node the kernel made for it, such as `/dev/input/event4`.
  let devnode: String

  /// Creates a keyboard named `name` with every key from `KEY_ESC` to
  /// `KEY_MICMUTE` and auto-repeat off (`EV_REP` absent), so that a held key
  /// produces no events but the ones written.
  init(name: String) throws(Failure) {
    guard let device = libevdev_new() else { throw Failure(description: "libevdev_new failed") }
    libevdev_set_name(device, name)
    libevdev_set_id_bustype(device, Int32(BUS_VIRTUAL))
    libevdev_set_id_vendor(device, 0x6b6d)
    libevdev_set_id_product(device, 0x0001)
    libevdev_enable_event_type(device, UInt32(EV_KEY))
    for code in UInt32(KEY_ESC)...UInt32(KEY_MICMUTE) {
      libevdev_enable_event_code(device, UInt32(EV_KEY), code, nil)
    }
    var uinput: OpaquePointer?
    let status = libevdev_uinput_create_from_device(device, LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue, &uinput)
    guard status == 0, let uinput else {
      libevdev_free(device)
      throw Failure(description: "cannot create a uinput device: \(String(cString: strerror(-status)))")
    }
    guard let node = libevdev_uinput_get_devnode(uinput) else {
      libevdev_uinput_destroy(uinput)
      libevdev_free(device)
      throw Failure(description: "the kernel made no event node for the uinput device")
    }
    self.device = device
    self.uinput = uinput
    self.devnode = String(cString: node)
  }

  /// Destroys the kernel device: its readers get `ENODEV`.
  deinit {
    libevdev_uinput_destroy(uinput)
    libevdev_free(device)
  }

  /// Writes one key transition and the `SYN_REPORT` that ends its frame.
  func write(key: UInt16, value: Int32) throws(Failure) {
    try write(type: UInt32(EV_KEY), code: UInt32(key), value: value)
    try write(type: UInt32(EV_SYN), code: UInt32(SYN_REPORT), value: 0)
  }

  private func write(type: UInt32, code: UInt32, value: Int32) throws(Failure) {
    let status = libevdev_uinput_write_event(uinput, type, code, value)
    guard status == 0 else {
      throw Failure(description: "uinput write failed: \(String(cString: strerror(-status)))")
    }
  }
}
