import KeyMenuCore
import KeyMenuPluginAPI

/// The keys alerts answer to, by kernel code.
enum AlertKeys {
  static let cancel: Set<KeyCode> = [.escape, .back, .exit]
  static let accept: Set<KeyCode> = [.enter, .keypadEnter, .ok, .select]
  static let tab = KeyCode(15)
  static let navigation: Set<KeyCode> = [.left, .right, tab]
  /// Modifiers with which a key is a command for someone else (a hotkey),
  /// under the programs' keys; AltGr types characters, so it is not one.
  static let commandModifiers: ModifierSet = [.leftCtrl, .rightCtrl, .leftAlt, .leftMeta, .rightMeta]
  /// The keys that scroll a message of more than one line, as a text box's.
  static let scrolling: Set<KeyCode> = [
    .up, .down, DialogKeys.pageUp, DialogKeys.pageDown, DialogKeys.home, DialogKeys.end,
  ]
}
