/// A decoded key transition, ready to be posted as a notification.
public struct KeyEvent: Hashable, Sendable {
  /// The key's code.
  public var code: KeyCode
  /// The key's name as libevdev spells it (`KEY_ENTER`).
  public var name: String
  /// Down, up or repeat.
  public var action: KeyAction
  /// The modifiers held on any device once this transition is applied.
  public var modifiers: ModifierSet
  /// The device that sent it.
  public var device: DeviceID
  /// The kernel timestamp of its frame.
  public var time: KernelTime
  /// True when keymenu made this event itself: a release for a key whose
  /// device went away, or a change found by resyncing after `SYN_DROPPED`.
  public var isSynthetic: Bool

  /// Creates a key event.
  public init(
    code: KeyCode, name: String, action: KeyAction, modifiers: ModifierSet,
    device: DeviceID, time: KernelTime, isSynthetic: Bool = false
  ) {
    self.code = code
    self.name = name
    self.action = action
    self.modifiers = modifiers
    self.device = device
    self.time = time
    self.isSynthetic = isSynthetic
  }
}
