/// One `input_event` as libevdev delivers it: time, type, code and value.
public struct RawEvent: Hashable, Sendable {
  /// The kernel timestamp.
  public var time: KernelTime
  /// The event type (`EV_SYN`, `EV_KEY`, ...).
  public var type: UInt16
  /// The code within the type (`SYN_REPORT`, `KEY_A`, ...).
  public var code: UInt16
  /// The value (for `EV_KEY`: 0 up, 1 down, 2 repeat).
  public var value: Int32

  /// Creates a raw event.
  public init(time: KernelTime, type: UInt16, code: UInt16, value: Int32) {
    self.time = time
    self.type = type
    self.code = code
    self.value = value
  }
}

extension RawEvent {
  /// `EV_SYN`.
  public static let synType: UInt16 = 0
  /// `EV_KEY`.
  public static let keyType: UInt16 = 1
  /// `SYN_REPORT`: ends a frame.
  public static let synReport: UInt16 = 0
  /// `SYN_DROPPED`: the kernel buffer overflowed; state must be resynced.
  public static let synDropped: UInt16 = 3

  /// A key event with the given code and value.
  public static func key(_ code: KeyCode, _ value: Int32, at time: KernelTime) -> RawEvent {
    RawEvent(time: time, type: keyType, code: code.rawValue, value: value)
  }

  /// `EV_MSC`.
  public static let miscType: UInt16 = 4
  /// `MSC_SCAN`: the scancode a key came from (an IR remote's button).
  public static let mscScan: UInt16 = 4

  /// The scancode, for an `MSC_SCAN` event.
  public var scancode: UInt32? {
    type == Self.miscType && code == Self.mscScan ? UInt32(bitPattern: value) : nil
  }

  /// A `SYN_REPORT` that closes a frame.
  public static func report(at time: KernelTime) -> RawEvent {
    RawEvent(time: time, type: synType, code: synReport, value: 0)
  }
}
