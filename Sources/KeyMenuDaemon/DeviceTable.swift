import KeyMenuCore

/// The input devices keymenud has open, as the input loop reported them,
/// and how often the kernel dropped events on one: pure bookkeeping behind
/// `devices.list`, `daemon.status` and a hotkey's `KEYMENU_DEVICE`.
struct DeviceTable {
  private var byID: [DeviceID: DeviceInfo] = [:]
  /// How often the kernel dropped events and a device was resynced.
  private(set) var resyncs = 0

  /// The device with this id, while it is open.
  subscript(id: DeviceID) -> DeviceInfo? { byID[id] }

  /// How many devices are open.
  var count: Int { byID.count }

  /// The open devices, in no order.
  var values: Dictionary<DeviceID, DeviceInfo>.Values { byID.values }

  /// A device was opened.
  mutating func add(_ device: DeviceInfo) { byID[device.id] = device }

  /// A device went away.
  mutating func remove(_ device: DeviceInfo) { byID[device.id] = nil }

  /// Counts one resync. True for the 1st, 10th, 100th...: a flood can
  /// overflow the kernel buffer many times a second, and only those are
  /// logged (all are counted in `daemon.status`).
  mutating func countResync() -> Bool {
    resyncs += 1
    var value = resyncs
    while value >= 10, value % 10 == 0 { value /= 10 }
    return value == 1
  }
}
