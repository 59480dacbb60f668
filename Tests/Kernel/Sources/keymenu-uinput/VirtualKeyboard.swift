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
  /// produces no events but the ones written; or, with `gamepad`, a gamepad
  /// as the kernel's xpad driver makes one: face, shoulder, Select and
  /// Start buttons, the left stick (`ABS_X`, `ABS_Y`, ±32767) and the D-pad
  /// as a hat (`ABS_HAT0X`, `ABS_HAT0Y`, -1 to 1).
  init(name: String, gamepad: Bool = false) throws(Failure) {
    guard let device = libevdev_new() else { throw Failure(description: "libevdev_new failed") }
    libevdev_set_name(device, name)
    libevdev_set_id_bustype(device, Int32(BUS_VIRTUAL))
    libevdev_set_id_vendor(device, 0x6b6d)
    libevdev_set_id_product(device, gamepad ? 0x0002 : 0x0001)
    libevdev_enable_event_type(device, UInt32(EV_KEY))
    if gamepad {
      for code in [BTN_SOUTH, BTN_EAST, BTN_NORTH, BTN_WEST, BTN_TL, BTN_TR, BTN_SELECT, BTN_START, BTN_MODE]
      {
        libevdev_enable_event_code(device, UInt32(EV_KEY), UInt32(code), nil)
      }
      libevdev_enable_event_type(device, UInt32(EV_ABS))
      for (axis, limit) in [(ABS_X, 32767), (ABS_Y, 32767), (ABS_HAT0X, 1), (ABS_HAT0Y, 1)] {
        var range = input_absinfo(
          value: 0, minimum: Int32(-limit), maximum: Int32(limit), fuzz: 0, flat: 0, resolution: 0)
        libevdev_enable_event_code(device, UInt32(EV_ABS), UInt32(axis), &range)
      }
    } else {
      for code in UInt32(KEY_ESC)...UInt32(KEY_MICMUTE) {
        libevdev_enable_event_code(device, UInt32(EV_KEY), code, nil)
      }
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

  /// Writes one axis position and the `SYN_REPORT` that ends its frame.
  func write(axis: UInt16, value: Int32) throws(Failure) {
    try write(type: UInt32(EV_ABS), code: UInt32(axis), value: value)
    try write(type: UInt32(EV_SYN), code: UInt32(SYN_REPORT), value: 0)
  }

  private func write(type: UInt32, code: UInt32, value: Int32) throws(Failure) {
    let status = libevdev_uinput_write_event(uinput, type, code, value)
    guard status == 0 else {
      throw Failure(description: "uinput write failed: \(String(cString: strerror(-status)))")
    }
  }
}
