import CSystemdBusLibrary
import Glibc
import KeyMenuRuntime

/// A client connection to one D-Bus bus through sd-bus (libsystemd).
///
/// libsystemd is not linked but loaded (dlopen, `Sources/CSystemdBusLibrary`)
/// on the first connection: ``libraryFailure`` says whether it could be.
/// The one owner of its `sd_bus`, closed in `deinit`; used from one thread
/// only (the Notify plugin's). Nothing here blocks except ``flush()``: calls
/// are queued and written as the socket allows, and ``process()`` does one
/// step of reading, writing or authenticating at a time. With
/// `BusMessage+Codec.swift`, the only place the plugin handles C pointers.
final class BusConnection {
  private let bus: OpaquePointer

  /// Loads libsystemd (once): nil, or why it cannot be loaded (dlerror's
  /// message). No connection can be made without it.
  static func libraryFailure() -> String? {
    keymenu_sd_bus_load().map { String(cString: $0) }
  }

  /// Starts connecting to `address` (such as `unix:path=/run/user/1000/bus`)
  /// as a bus client, loading libsystemd first if needed (a failure to load
  /// it throws `ELIBACC`: see ``libraryFailure()``). Authentication and
  /// `Hello` finish in ``process()``; calls may be sent meanwhile.
  init(address: String) throws(BusError) {
    if Self.libraryFailure() != nil { throw BusError("dlopen libsystemd.so.0", returned: -ELIBACC) }
    var made: OpaquePointer?
    try Self.check("sd_bus_new") { keymenu_sd_bus_new(&made) }
    guard let made else { throw BusError("sd_bus_new", returned: -ENOMEM) }
    do {
      try Self.check("sd_bus_set_address") { keymenu_sd_bus_set_address(made, address) }
      try Self.check("sd_bus_set_bus_client") { keymenu_sd_bus_set_bus_client(made, 1) }
      try Self.check("sd_bus_start") { keymenu_sd_bus_start(made) }
    } catch {
      _ = keymenu_sd_bus_close_unref(made)
      throw error
    }
    bus = made
  }

  deinit { _ = keymenu_sd_bus_close_unref(bus) }

  /// Queues a method call without waiting for its reply; returns the call's
  /// cookie, which its reply names.
  func send(_ call: BusCall) throws(BusError) -> UInt64 {
    var made: OpaquePointer?
    try Self.check("sd_bus_message_new_method_call") {
      keymenu_sd_bus_message_new_method_call(
        bus, &made, call.destination, call.path, call.interface, call.member)
    }
    guard let message = made else { throw BusError("sd_bus_message_new_method_call", returned: -ENOMEM) }
    defer { _ = keymenu_sd_bus_message_unref(message) }
    for argument in call.arguments { try argument.append(to: message) }
    var cookie: UInt64 = 0
    try Self.check("sd_bus_send") { keymenu_sd_bus_send(bus, message, &cookie) }
    return cookie
  }

  /// Does one step of pending work: whether it made progress, and the
  /// message it read, if any. An error means the connection is gone.
  func process() throws(BusError) -> (progress: Bool, message: BusMessage?) {
    var read: OpaquePointer?
    let result = keymenu_sd_bus_process(bus, &read)
    if result < 0 { throw BusError("sd_bus_process", returned: result) }
    guard let read else { return (result > 0, nil) }
    defer { _ = keymenu_sd_bus_message_unref(read) }
    return (true, BusMessage(reading: read))
  }

  /// Writes everything queued; waits for the socket as long as it takes.
  func flush() { _ = keymenu_sd_bus_flush(bus) }

  /// Waits until `connection` can make progress, `wakeup` is signalled, or
  /// the connection's deadline passes; only for `wakeup` without one.
  static func wait(for connection: BusConnection?, or wakeup: WakeEvent) {
    _ = keymenu_bus_wait(connection?.bus, wakeup.fileDescriptor)
  }

  /// Runs an sd-bus call that returns a negative errno on failure.
  static func check(_ call: String, _ body: () -> Int32) throws(BusError) {
    let result = body()
    if result < 0 { throw BusError(call, returned: result) }
  }
}
