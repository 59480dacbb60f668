import KeyMenuCore
import KeyMenuPluginAPI

/// What `keymenud --check` says about a hotkey's chord beyond its syntax:
/// chords that can never fire, and chords that take a key people type.
enum HotkeyLint {
  /// Why `chord` can never fire: the panic chord (Ctrl+Alt+Esc, either Ctrl,
  /// Alt or AltGr, Shift and Meta allowed) is handled before any hotkey.
  static func neverFires(_ chord: KeyChord) -> String? {
    guard chord.key == .escape, chord.modifiers.contains(.ctrl),
      chord.modifiers.contains(.alt) || chord.modifiers.contains(.altgr)
    else { return nil }
    return
      "can never fire: Ctrl+Alt+Esc is the panic chord, which dismisses every alert and menu before hotkeys see it"
  }

  /// Why `chord` takes a key away from everything else: a key people type
  /// (a letter, a digit, Space, Enter, Backspace, Tab, Esc, an arrow,
  /// punctuation) with no modifier but Shift fires on every press anywhere.
  static func takesATypedKey(_ chord: KeyChord, name: String) -> String? {
    guard chord.modifiers.isSubset(of: [.shift]), typedKeys.contains(chord.key.rawValue) else { return nil }
    let bare = name.split(separator: "+").last.map { String($0).lowercased() } ?? name
    let key = bare.hasPrefix("key_") ? String(bare.dropFirst(4)) : bare
    return
      "fires on every press of that key everywhere, also while people type; add a modifier "
      + "(\"ctrl+alt+\(key)\") or use a key of its own (KEY_MENU, KEY_F13, a remote's key)"
  }

  /// Kernel codes of the keys people type: the main block of a PC keyboard
  /// without function keys, and the arrows.
  static let typedKeys: Set<UInt16> = Set(Array(1...28) + Array(30...53) + [57, 96, 103, 105, 106, 108])
}
