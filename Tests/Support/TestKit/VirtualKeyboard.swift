#if DEBUG
  public import KeyMenuCore
  import KeyMenuEvdev

  /// One keyboard as the input loop reads it: key transitions become raw
  /// events (`EV_KEY` and its `SYN_REPORT`), decoded by a ``KeyDecoder`` the
  /// way the evdev reader decodes what libevdev delivers, with a kernel time
  /// that moves 1 ms per transition.
  public struct VirtualKeyboard: Sendable {
    /// The device the key events come from.
    public let device: DeviceID
    private var decoder = KeyDecoder(names: .libevdev)
    private var time = KernelTime(seconds: 1, microseconds: 0)

    /// A keyboard with the given device id.
    public init(device: DeviceID = DeviceID(1)) { self.device = device }

    /// The keys held down now, lowest code first.
    public var heldKeys: [KeyCode] { decoder.heldKeys(of: device) }

    /// The key events of one transition (`value` 1 down, 0 up, 2 repeat).
    public mutating func transition(_ key: KeyCode, value: Int32) -> [KeyEvent] {
      tick()
      var events: [KeyEvent] = []
      decoder.decode([.key(key, value, at: time), .report(at: time)], from: device, into: &events)
      return events
    }

    /// The synthetic key-up events of the keyboard going away (every held key released).
    public mutating func unplug() -> [KeyEvent] {
      tick()
      var events: [KeyEvent] = []
      decoder.removeDevice(device, at: time, into: &events)
      return events
    }

    private mutating func tick() {
      time.microseconds += 1000
      if time.microseconds >= 1_000_000 {
        time.seconds += 1
        time.microseconds = 0
      }
    }
  }
#endif
