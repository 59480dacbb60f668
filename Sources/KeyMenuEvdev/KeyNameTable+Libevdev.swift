import CLibevdev
public import KeyMenuCore

extension KeyNameTable {
  /// Every `EV_KEY` name libevdev knows, for codes 0 ... `KEY_MAX`.
  public static let libevdev: KeyNameTable = KeyNameTable(
    (0...UInt16(keymenu_key_max())).compactMap { code in
      guard let name = libevdev_event_code_get_name(UInt32(EV_KEY), UInt32(code)) else {
        return nil
      }
      return (KeyCode(code), String(cString: name))
    })
}
