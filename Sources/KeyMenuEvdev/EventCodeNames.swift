import CLibevdev

/// libevdev's names for event types and codes (`EV_KEY`, `SYN_REPORT`, `KEY_A`).
public enum EventCodeNames {
  /// The name of an event type, such as `EV_KEY`.
  public static func typeName(_ type: UInt16) -> String? {
    libevdev_event_type_get_name(UInt32(type)).map { String(cString: $0) }
  }

  /// The name of a code within a type, such as `SYN_DROPPED`.
  public static func codeName(type: UInt16, code: UInt16) -> String? {
    libevdev_event_code_get_name(UInt32(type), UInt32(code)).map { String(cString: $0) }
  }

  /// The event type with this name.
  public static func type(named name: String) -> UInt16? {
    let value = libevdev_event_type_from_name(name)
    return value < 0 ? nil : UInt16(value)
  }

  /// The code with this name within `type`.
  public static func code(named name: String, type: UInt16) -> UInt16? {
    let value = libevdev_event_code_from_name(UInt32(type), name)
    return value < 0 ? nil : UInt16(value)
  }
}
