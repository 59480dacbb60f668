/// Turns raw events from any number of devices into key events.
///
/// A pure state machine: it never reads a device and never sleeps. Feed it
/// every raw event a device delivers with ``decode(_:from:synthetic:into:)``;
/// key transitions are held until their frame's `SYN_REPORT` and then emitted
/// in order. A `SYN_DROPPED` throws away the unfinished frame. When a device
/// goes (``removeDevice(_:at:into:)``) or is resynced
/// (``reconcile(_:stillHeld:at:into:)``), the keys it held are released with
/// synthetic `up` events so that no modifier stays stuck.
///
/// The modifier set is combined across devices: Ctrl held on one keyboard and
/// a key pressed on a keypad make Ctrl+key.
public struct KeyDecoder: Sendable {
  private struct DeviceState: Sendable {
    var pressed = PressedKeys()
    var pendingFrame: [RawEvent] = []
  }

  private let names: KeyNameTable
  private var devices: [DeviceID: DeviceState] = [:]
  /// For each modifier bit, how many devices hold it.
  private var modifierHolders = [Int](repeating: 0, count: 8)

  /// The modifiers held on any device right now.
  public private(set) var modifiers: ModifierSet = []

  /// Creates a decoder that names keys from the given table.
  public init(names: KeyNameTable) {
    self.names = names
  }

  /// The keys a device holds down, lowest code first.
  public func heldKeys(of device: DeviceID) -> [KeyCode] {
    devices[device]?.pressed.keys ?? []
  }

  /// Decodes raw events from one device, appending finished key events to `output`.
  ///
  /// - Parameter synthetic: true for the events libevdev makes while resyncing
  ///   after `SYN_DROPPED`; the key events they produce are marked synthetic.
  public mutating func decode(
    _ events: [RawEvent], from device: DeviceID, synthetic: Bool = false,
    into output: inout [KeyEvent]
  ) {
    var state = devices.removeValue(forKey: device) ?? DeviceState()
    for event in events {
      step(event, device: device, state: &state, synthetic: synthetic, into: &output)
    }
    devices[device] = state
  }

  /// Releases every key a device held and forgets the device.
  public mutating func removeDevice(
    _ device: DeviceID, at time: KernelTime, into output: inout [KeyEvent]
  ) {
    guard var state = devices.removeValue(forKey: device) else { return }
    for key in Self.releaseOrder(state.pressed.keys) {
      apply(key, .up, device: device, time: time, state: &state, synthetic: true, into: &output)
    }
  }

  /// After a resync, releases the keys the decoder believes held that the
  /// device no longer reports down.
  public mutating func reconcile(
    _ device: DeviceID, stillHeld: (KeyCode) -> Bool, at time: KernelTime,
    into output: inout [KeyEvent]
  ) {
    guard var state = devices.removeValue(forKey: device) else { return }
    state.pendingFrame.removeAll(keepingCapacity: true)
    for key in Self.releaseOrder(state.pressed.keys) where !stillHeld(key) {
      apply(key, .up, device: device, time: time, state: &state, synthetic: true, into: &output)
    }
    devices[device] = state
  }

  /// Plain keys first, then modifiers, so a released key still shows the
  /// modifiers it was pressed with.
  private static func releaseOrder(_ keys: [KeyCode]) -> [KeyCode] {
    keys.filter { ModifierSet(key: $0).isEmpty } + keys.filter { !ModifierSet(key: $0).isEmpty }
  }

  private mutating func step(
    _ event: RawEvent, device: DeviceID, state: inout DeviceState, synthetic: Bool,
    into output: inout [KeyEvent]
  ) {
    switch event.type {
    case RawEvent.keyType:
      state.pendingFrame.append(event)
    case RawEvent.synType where event.code == RawEvent.synReport:
      for pending in state.pendingFrame {
        guard let action = KeyAction(eventValue: pending.value),
          pending.code <= KeyCode.max.rawValue
        else { continue }
        apply(
          KeyCode(pending.code), action, device: device, time: event.time, state: &state,
          synthetic: synthetic, into: &output)
      }
      state.pendingFrame.removeAll(keepingCapacity: true)
    case RawEvent.synType where event.code == RawEvent.synDropped:
      state.pendingFrame.removeAll(keepingCapacity: true)
    default:
      break
    }
  }

  private mutating func apply(
    _ key: KeyCode, _ action: KeyAction, device: DeviceID, time: KernelTime,
    state: inout DeviceState, synthetic: Bool, into output: inout [KeyEvent]
  ) {
    if action != .repeat {
      let changed = state.pressed.set(key, pressed: action == .down)
      let modifier = ModifierSet(key: key)
      if changed, !modifier.isEmpty {
        updateModifier(modifier, heldByDevice: action == .down)
      }
    }
    output.append(
      KeyEvent(
        code: key, name: names.name(of: key), action: action, modifiers: modifiers,
        device: device, time: time, isSynthetic: synthetic))
  }

  private mutating func updateModifier(_ modifier: ModifierSet, heldByDevice held: Bool) {
    let bit = modifier.rawValue.trailingZeroBitCount
    modifierHolders[bit] += held ? 1 : -1
    if modifierHolders[bit] > 0 { modifiers.insert(modifier) } else { modifiers.remove(modifier) }
  }
}
