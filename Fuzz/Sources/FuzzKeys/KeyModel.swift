import KeyMenuCore

/// A second, plain implementation of what KeyDecoder documents, written from
/// its doc comment and the kernel's event rules rather than from its code:
///
/// - `EV_KEY` events wait in a per-device frame until `SYN_REPORT`, which
///   emits them in order with the report's time; values other than 0, 1, 2
///   and codes above `KEY_MAX` (0x2ff) are dropped; `SYN_DROPPED` throws the
///   frame away; other events are ignored;
/// - down and up change the device's held keys, repeat does not;
/// - the modifier set of an event is the union over all devices of the
///   modifiers held once the event is applied;
/// - reconcile drops the unfinished frame and releases the keys no longer
///   held; removal releases every held key and forgets the device; both
///   release plain keys first, then modifiers, lowest code first, as
///   synthetic `up` events.
struct KeyModel {
  struct Emitted: Equatable {
    var code: UInt16
    var action: KeyAction
    var modifiers: ModifierSet
    var device: DeviceID
    var time: KernelTime
    var synthetic: Bool
  }

  /// The modifier keys of linux/input-event-codes.h.
  static let modifierCodes: [UInt16: ModifierSet] = [
    29: .leftCtrl, 97: .rightCtrl, 42: .leftShift, 54: .rightShift, 56: .leftAlt, 100: .altGr, 125: .leftMeta,
    126: .rightMeta,
  ]

  private(set) var held: [DeviceID: Set<UInt16>] = [:]
  private var frames: [DeviceID: [RawEvent]] = [:]

  /// The modifiers held on any device.
  var modifiers: ModifierSet {
    var all: ModifierSet = []
    for keys in held.values {
      for key in keys { all.formUnion(Self.modifierCodes[key] ?? []) }
    }
    return all
  }

  mutating func apply(_ event: RawEvent, device: DeviceID, synthetic: Bool) -> [Emitted] {
    switch (event.type, event.code) {
    case (1, _):
      frames[device, default: []].append(event)
      return []
    case (0, 0):
      let frame = frames.removeValue(forKey: device) ?? []
      var emitted: [Emitted] = []
      for pending in frame where pending.code <= 0x2ff {
        guard let action = KeyAction(eventValue: pending.value) else { continue }
        if action == .down { held[device, default: []].insert(pending.code) }
        if action == .up { held[device]?.remove(pending.code) }
        emitted.append(
          Emitted(
            code: pending.code, action: action, modifiers: modifiers, device: device, time: event.time,
            synthetic: synthetic))
      }
      return emitted
    case (0, 3):
      frames[device] = nil
      return []
    default:
      return []
    }
  }

  mutating func reconcile(_ device: DeviceID, stillHeld: (KeyCode) -> Bool, at time: KernelTime) -> [Emitted]
  {
    frames[device] = nil
    let released = (held[device] ?? []).filter { !stillHeld(KeyCode($0)) }
    return release(Self.releaseOrder(released), of: device, at: time)
  }

  mutating func remove(_ device: DeviceID, at time: KernelTime) -> [Emitted] {
    frames[device] = nil
    let emitted = release(Self.releaseOrder(held[device] ?? []), of: device, at: time)
    held[device] = nil
    return emitted
  }

  private mutating func release(_ keys: [UInt16], of device: DeviceID, at time: KernelTime) -> [Emitted] {
    keys.map { key in
      held[device]?.remove(key)
      return Emitted(
        code: key, action: .up, modifiers: modifiers, device: device, time: time, synthetic: true)
    }
  }

  private static func releaseOrder(_ keys: Set<UInt16>) -> [UInt16] {
    keys.filter { modifierCodes[$0] == nil }.sorted() + keys.filter { modifierCodes[$0] != nil }.sorted()
  }
}
