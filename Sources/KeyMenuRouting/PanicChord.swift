public import KeyMenuCore

/// The emergency exit: a chord that dismisses every alert and menu and
/// releases every grab, so nobody is ever locked out by keymenu.
///
/// Default: Ctrl+Alt+Esc, with Ctrl on either side and either Alt key
/// (AltGr counts), held across any devices. The engine checks it for every
/// key `down` before any modal handler sees the key, so no handler can
/// consume it.
public struct PanicChord: Hashable, Sendable {
  /// The key that triggers when the modifiers are held.
  public var key: KeyCode
  /// Modifier groups that must each have at least one key held.
  public var required: [ModifierSet]

  /// Ctrl+Alt+Esc.
  public static let standard = PanicChord(key: .escape, required: [.ctrl, [.leftAlt, .altGr]])

  /// Creates a chord.
  public init(key: KeyCode, required: [ModifierSet]) {
    self.key = key
    self.required = required
  }

  /// Whether this key event triggers the emergency exit.
  public func isTriggered(by event: KeyEvent) -> Bool {
    event.action == .down && event.code == key
      && required.allSatisfy { !event.modifiers.isDisjoint(with: $0) }
  }
}
