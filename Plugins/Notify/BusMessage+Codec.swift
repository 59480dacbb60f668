import CSystemdBusLibrary

extension BusValue {
  /// Appends the value to an sd-bus message being built.
  func append(to message: OpaquePointer) throws(BusError) {
    let append = "sd_bus_message_append_basic"
    switch self {
    case .byte(var value):
      try BusConnection.check(append) { keymenu_sd_bus_message_append_basic(message, y, &value) }
    case .bool(let flag):
      var value: Int32 = flag ? 1 : 0
      try BusConnection.check(append) { keymenu_sd_bus_message_append_basic(message, b, &value) }
    case .int32(var value):
      try BusConnection.check(append) { keymenu_sd_bus_message_append_basic(message, i, &value) }
    case .uint32(var value):
      try BusConnection.check(append) { keymenu_sd_bus_message_append_basic(message, u, &value) }
    case .string(let text):
      try BusConnection.check(append) {
        text.withCString { keymenu_sd_bus_message_append_basic(message, s, $0) }
      }
    case .strings(let texts):
      try Self.container(message, "a", "s") { () throws(BusError) in
        for text in texts { try BusValue.string(text).append(to: message) }
      }
    case .variants(let entries):
      try Self.container(message, "a", "{sv}") { () throws(BusError) in
        for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
          try Self.container(message, "e", "sv") { () throws(BusError) in
            try BusValue.string(key).append(to: message)
            try Self.container(message, "v", value.signature) { () throws(BusError) in
              try value.append(to: message)
            }
          }
        }
      }
    }
  }

  private static func container(
    _ message: OpaquePointer, _ type: Character, _ contents: String, _ body: () throws(BusError) -> Void
  ) throws(BusError) {
    let code = CChar(type.asciiValue ?? 0)
    try BusConnection.check("sd_bus_message_open_container") {
      keymenu_sd_bus_message_open_container(message, code, contents)
    }
    try body()
    try BusConnection.check("sd_bus_message_close_container") {
      keymenu_sd_bus_message_close_container(message)
    }
  }
}

private let y = CChar(UInt8(ascii: "y"))
private let b = CChar(UInt8(ascii: "b"))
private let i = CChar(UInt8(ascii: "i"))
private let u = CChar(UInt8(ascii: "u"))
private let s = CChar(UInt8(ascii: "s"))

extension BusMessage {
  /// Reads what the plugin needs from a received sd-bus message.
  init(reading message: OpaquePointer) {
    var type: UInt8 = 0
    _ = keymenu_sd_bus_message_get_type(message, &type)
    var cookie: UInt64 = 0
    switch Int(type) {
    case Int(SD_BUS_MESSAGE_METHOD_RETURN):
      _ = keymenu_sd_bus_message_get_reply_cookie(message, &cookie)
      kind = .reply(cookie: cookie)
    case Int(SD_BUS_MESSAGE_METHOD_ERROR):
      _ = keymenu_sd_bus_message_get_reply_cookie(message, &cookie)
      let error = keymenu_sd_bus_message_get_error(message)
      kind = .error(
        cookie: cookie, name: error?.pointee.name.map { String(cString: $0) } ?? "",
        message: error?.pointee.message.map { String(cString: $0) } ?? "")
    case Int(SD_BUS_MESSAGE_SIGNAL):
      kind = .signal(
        interface: keymenu_sd_bus_message_get_interface(message).map { String(cString: $0) } ?? "",
        member: keymenu_sd_bus_message_get_member(message).map { String(cString: $0) } ?? "")
    default:
      kind = .other
    }
    sender = keymenu_sd_bus_message_get_sender(message).map { String(cString: $0) }
    arguments = Self.leadingBasicArguments(message)
  }

  private static func leadingBasicArguments(_ message: OpaquePointer) -> [BusValue] {
    var values: [BusValue] = []
    while true {
      var type: CChar = 0
      guard keymenu_sd_bus_message_peek_type(message, &type, nil) > 0 else { return values }
      switch type {
      case u:
        var value: UInt32 = 0
        guard keymenu_sd_bus_message_read_basic(message, type, &value) > 0 else { return values }
        values.append(.uint32(value))
      case i:
        var value: Int32 = 0
        guard keymenu_sd_bus_message_read_basic(message, type, &value) > 0 else { return values }
        values.append(.int32(value))
      case s:
        var text: UnsafePointer<CChar>?
        guard keymenu_sd_bus_message_read_basic(message, type, &text) > 0, let text else { return values }
        values.append(.string(String(cString: text)))
      default:
        return values
      }
    }
  }
}
