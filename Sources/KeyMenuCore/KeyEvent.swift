/// A decoded key transition, ready to be posted as a notification.
public struct KeyEvent: Hashable, Sendable {
  // The small fields first: the event then takes 56 bytes (a copy of a
  // larger one showed in `keymenu-bench route`, see ``KeyTyping``).

  /// The key's code.
  public var code: KeyCode
  /// Down, up or repeat.
  public var action: KeyAction
  /// The modifiers held on any device once this transition is applied.
  public var modifiers: ModifierSet
  /// The device that sent it.
  public var device: DeviceID
  /// The key's name as libevdev spells it (`KEY_ENTER`).
  public var name: String
  /// The kernel timestamp of its frame.
  public var time: KernelTime
  /// True when keymenu made this event itself: a release for a key whose
  /// device went away, or a change found by resyncing after `SYN_DROPPED`.
  public var isSynthetic: Bool
  /// ``text`` and ``keysymName``, kept inline (``KeyTyping``).
  private var typing = KeyTyping()

  /// The printable text the press (or repeat) types under the device's
  /// keyboard layout: `"ö"`, `"A"`, `"ô"` at the end of a dead-key or
  /// compose sequence; `""` when it types nothing (a release, a modifier, a
  /// dead key or a key inside a sequence, Enter, Ctrl+letter). Nil when no
  /// layout was applied (the simulator, tests): then the key's US position
  /// is all there is. Text and keysym name take at most 15 UTF-8 bytes
  /// together (more than a key or Compose sequence of the standard tables
  /// types; ``KeyTyping`` says what gives way).
  ///
  /// Keystroke content: never logged, like the key itself.
  public var text: String? {
    get { typing.text }
    set { typing = KeyTyping(text: newValue, keysymName: keysymName) }
  }

  /// The xkb keysym name of the key under the layout, modifiers applied
  /// (`a`, `A`, `odiaeresis`, `Cyrillic_ef`, `dead_circumflex`,
  /// `Multi_key`, `Return`); nil for a release, when no layout was applied,
  /// and for the few names too long to keep with the text
  /// (`Greek_upsilonaccentdieresis`, ``KeyTyping``).
  public var keysymName: String? {
    get { typing.keysymName }
    set { typing = KeyTyping(text: text, keysymName: newValue) }
  }

  /// Creates a key event.
  public init(
    code: KeyCode, name: String, action: KeyAction, modifiers: ModifierSet,
    device: DeviceID, time: KernelTime, isSynthetic: Bool = false, text: String? = nil,
    keysymName: String? = nil
  ) {
    self.code = code
    self.name = name
    self.action = action
    self.modifiers = modifiers
    self.device = device
    self.time = time
    self.isSynthetic = isSynthetic
    if text != nil || keysymName != nil { self.typing = KeyTyping(text: text, keysymName: keysymName) }
  }
}
