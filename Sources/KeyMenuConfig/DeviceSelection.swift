public import KeyMenuCore

/// Which input devices keymenu opens: the `[devices]` section.
///
/// With no `include` rules keymenu takes every keyboard-like device (what
/// ``DeviceClassification`` calls a keyboard, keypad or remote). With
/// `include` rules it takes exactly the devices that match one of them,
/// keyboard-like or not. A device that matches an `exclude` rule is never
/// taken.
public struct DeviceSelection: Hashable, Sendable {
  /// Devices to take; empty means every keyboard-like device.
  public var include: [DeviceMatch]
  /// Devices never to take; these win over `include`.
  public var exclude: [DeviceMatch]

  /// Creates a selection.
  public init(include: [DeviceMatch] = [], exclude: [DeviceMatch] = []) {
    self.include = include
    self.exclude = exclude
  }

  /// Whether keymenu should open this device.
  ///
  /// - Parameters:
  ///   - identity: what the device says it is.
  ///   - keyboardLike: whether its capabilities make it a keyboard, keypad or remote.
  public func accepts(_ identity: DeviceIdentity, keyboardLike: Bool) -> Bool {
    if exclude.contains(where: { $0.matches(identity) }) { return false }
    if include.isEmpty { return keyboardLike }
    return include.contains { $0.matches(identity) }
  }
}
