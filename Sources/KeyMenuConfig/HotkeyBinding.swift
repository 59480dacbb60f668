public import KeyMenuPluginAPI

/// One `[[hotkeys]]` entry: a chord and what it does.
public struct HotkeyBinding: Hashable, Sendable {
  /// The key and modifiers, e.g. `ctrl+alt+m` or `KEY_MENU`.
  public var chord: KeyChord
  /// What pressing it does.
  public var action: ConfiguredAction
  /// Where it was written, for runtime errors about it.
  public var location: ConfigLocation

  /// Creates a binding.
  public init(chord: KeyChord, action: ConfiguredAction, location: ConfigLocation) {
    self.chord = chord
    self.action = action
    self.location = location
  }
}
