public import KeyMenuCore
public import KeyMenuPluginAPI

/// One `[[hotkeys]]` entry: a chord, the gesture on it, and what it does.
public struct HotkeyBinding: Hashable, Sendable {
  /// The key and modifiers, e.g. `ctrl+alt+m` or `KEY_MENU` (the first
  /// key of a sequence).
  public var chord: KeyChord
  /// `keys = ["Menu", "1"]`: the keys after ``chord`` of a leader
  /// sequence; empty for a hotkey of one key.
  public var following: [KeyChord]
  /// How a sequence's hint names its keys (`Menu`, `1`).
  public var keyNames: [String]
  /// What a sequence's hint says it does: `label`, or words from its action.
  public var label: String
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
    chord: KeyChord, following: [KeyChord] = [], keyNames: [String] = [], label: String = "",
    gesture: KeyGestureMachine.Gesture = .press, devices: [DeviceRule] = [],
    action: ConfiguredAction, location: ConfigLocation
  ) {
    self.chord = chord
    self.following = following
    self.keyNames = keyNames
    self.label = label
    self.gesture = gesture
    self.devices = devices
    self.action = action
    self.location = location
  }
}

extension HotkeyBinding {
  /// The binding with words for a sequence's hint when `label` gave none:
  /// the title of the menu or alert it opens, the selector it invokes, the
  /// program it runs, the plugin key it sets.
  func labelled(menus: [ConfiguredMenu]) -> HotkeyBinding {
    guard label.isEmpty, !following.isEmpty else { return self }
    var labelled = self
    switch action {
    case .openMenu(let name): labelled.label = menus.first { $0.name == name }?.title ?? name
    case .showAlert(let alert, _): labelled.label = alert.title
    case .invoke(let selector): labelled.label = selector
    case .run(let command):
      let program = command.argv.first ?? ""
      labelled.label = command.shell ? program : String(program.split(separator: "/").last ?? "")
    case .plugin(let key, _): labelled.label = key
    }
    return labelled
  }
}
