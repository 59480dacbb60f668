public import KeyMenuCore
public import KeyMenuPluginAPI

/// One `[[hotkeys]]` entry: a chord, the gesture on it, and what it does.
public struct HotkeyBinding: Hashable, Sendable {
  /// The key and modifiers, e.g. `ctrl+alt+m` or `KEY_MENU`.
  public var chord: KeyChord
  /// `gesture`: a plain press (the default), a long or a double press.
  public var gesture: KeyGestureMachine.Gesture
  /// `devices`: the devices it answers to (any of the rules); empty: every device.
  public var devices: [DeviceRule]
  /// What pressing it does.
  public var action: ConfiguredAction
  /// Where it was written, for runtime errors about it.
  public var location: ConfigLocation

  /// Creates a binding.
  public init(
    chord: KeyChord, gesture: KeyGestureMachine.Gesture = .press, devices: [DeviceRule] = [],
    action: ConfiguredAction, location: ConfigLocation
  ) {
    self.chord = chord
    self.gesture = gesture
    self.devices = devices
    self.action = action
    self.location = location
  }
}
