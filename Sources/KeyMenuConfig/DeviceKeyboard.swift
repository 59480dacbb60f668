/// One `[[keyboard.devices]]` entry: the keyboard layout of the devices its
/// rule matches, in place of `[keyboard]`'s (a French keyboard plugged
/// into a German machine).
public struct DeviceKeyboard: Hashable, Sendable {
  /// Which devices: every field given must match (as in `[devices] include`).
  public var match: DeviceMatch
  /// Their layout, read over `[keyboard]`'s as `[keyboard]`'s is over the
  /// system's (``KeyboardSettings/spec(system:)``); its own ``KeyboardSettings/devices`` is empty.
  public var settings: KeyboardSettings

  /// Creates an entry.
  public init(match: DeviceMatch, settings: KeyboardSettings) {
    self.match = match
    self.settings = settings
  }
}
