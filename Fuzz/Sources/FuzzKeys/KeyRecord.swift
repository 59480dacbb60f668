import FuzzSupport
import KeyMenuCore

/// One step of a key decoder fuzz input: a control byte and one
/// `struct input_event` as the kernel lays it out on 64-bit Linux (24 bytes,
/// little-endian: `tv_sec`, `tv_usec` as 64-bit integers, then `type` and
/// `code` as 16-bit and `value` as a 32-bit integer).
///
/// The control byte's low two bits pick the device (1 to 4); bits 2 and 3
/// what the input loop does with the event (see ``Operation``).
struct KeyRecord {
  /// What the input loop (KeyMenuEvdev's InputLoopState) does.
  enum Operation: UInt8 {
    /// `decode`: an event read from the device.
    case read = 0
    /// `decode(synthetic: true)`: an event libevdev made while resyncing
    /// after `SYN_DROPPED`.
    case resync = 1
    /// `reconcile`: after a resync, the keys the device no longer reports
    /// held are released; which are still held is taken from the event's
    /// bits (``stillHeld(_:)``), its time is the release time.
    case reconcile = 2
    /// `removeDevice`: the device went away at the event's time.
    case remove = 3
  }

  static let size = 25

  var device: DeviceID
  var operation: Operation
  var event: RawEvent

  /// Reads the next record; a short last record is padded with zeros.
  init(from reader: inout ByteReader) {
    let control = reader.byte()
    device = DeviceID(UInt32(control & 3) + 1)
    operation = Operation(rawValue: (control >> 2) & 3)!
    let seconds = Int64(bitPattern: reader.littleEndian(8))
    let microseconds = Int64(bitPattern: reader.littleEndian(8))
    let type = UInt16(reader.littleEndian(2))
    let code = UInt16(reader.littleEndian(2))
    let value = Int32(bitPattern: UInt32(reader.littleEndian(4)))
    // As RawEvent(input_event) in EvdevDevice+Reading.swift converts the timeval.
    event = RawEvent(
      time: KernelTime(seconds: seconds, microseconds: Int32(truncatingIfNeeded: microseconds)), type: type,
      code: code, value: value)
  }

  /// For ``Operation/reconcile``: whether the device still reports `key`
  /// held, a fixed function of the key and the event's code and value.
  func stillHeld(_ key: KeyCode) -> Bool {
    let mixed =
      (UInt32(key.rawValue) &+ UInt32(event.code)) &* 2_654_435_761 ^ UInt32(bitPattern: event.value)
    return mixed >> 31 == 0
  }
}
