/// How a gamepad becomes a remote: which key each button sends, which keys
/// the four directions send (the D-pad's hat axes and the left stick), how
/// far the stick must lean, and how held keys repeat (a gamepad has no
/// kernel autorepeat).
///
/// ``standard`` is the table keymenu uses unless the configuration's
/// `[gamepad]` section changes it: A (`BTN_SOUTH`) is OK, B (`BTN_EAST`) and
/// Select are Back, Start is Menu, the D-pad, the hat and the stick are the
/// arrows, the shoulder buttons page up and down.
public struct GamepadMapping: Hashable, Sendable {
  /// One of the four directions of a D-pad or a stick.
  public enum Direction: String, CaseIterable, Hashable, Sendable {
    case up, down, left, right
  }

  /// The key each button sends; a button not listed sends nothing.
  public var buttons: [KeyCode: KeyCode]
  /// The key each direction of the hat axes and the stick sends.
  public var directions: [Direction: KeyCode]
  /// How far the stick must lean before it counts, as a fraction of its
  /// travel from the centre (0.5: half-way); it lets go at half of that.
  public var deadZone: Double
  /// How long a key is held before it repeats.
  public var repeatDelay: Duration
  /// How often a held key repeats after that.
  public var repeatInterval: Duration

  /// Creates a mapping.
  public init(
    buttons: [KeyCode: KeyCode], directions: [Direction: KeyCode], deadZone: Double = 0.5,
    repeatDelay: Duration = .milliseconds(500), repeatInterval: Duration = .milliseconds(125)
  ) {
    self.buttons = buttons
    self.directions = directions
    self.deadZone = deadZone
    self.repeatDelay = repeatDelay
    self.repeatInterval = repeatInterval
  }

  /// The table keymenu uses by default.
  public static let standard = GamepadMapping(
    buttons: [
      .buttonSouth: .ok, .buttonEast: .back, .buttonSelect: .back, .buttonStart: .menu,
      .buttonLeftShoulder: .pageUp, .buttonRightShoulder: .pageDown,
      .dpadUp: .up, .dpadDown: .down, .dpadLeft: .left, .dpadRight: .right,
    ],
    directions: [.up: .up, .down: .down, .left: .left, .right: .right])

  /// The keys this mapping can send, lowest code first.
  public var keysSent: [KeyCode] { Array(Set(buttons.values).union(directions.values)).sorted() }
}

extension KeyCode {
  /// `BTN_SOUTH` (`BTN_A`, `BTN_GAMEPAD`): the button that makes a device a gamepad.
  public static let buttonSouth = KeyCode(0x130)
  /// `BTN_EAST` (`BTN_B`).
  public static let buttonEast = KeyCode(0x131)
  /// `BTN_TL`, the left shoulder button.
  public static let buttonLeftShoulder = KeyCode(0x136)
  /// `BTN_TR`, the right shoulder button.
  public static let buttonRightShoulder = KeyCode(0x137)
  /// `BTN_SELECT`.
  public static let buttonSelect = KeyCode(0x13a)
  /// `BTN_START`.
  public static let buttonStart = KeyCode(0x13b)
  /// `BTN_DPAD_UP`: D-pads that report buttons rather than a hat.
  public static let dpadUp = KeyCode(0x220)
  /// `BTN_DPAD_DOWN`.
  public static let dpadDown = KeyCode(0x221)
  /// `BTN_DPAD_LEFT`.
  public static let dpadLeft = KeyCode(0x222)
  /// `BTN_DPAD_RIGHT`.
  public static let dpadRight = KeyCode(0x223)
  /// `KEY_MENU`.
  public static let menu = KeyCode(139)
  /// `KEY_PAGEUP`.
  public static let pageUp = KeyCode(104)
  /// `KEY_PAGEDOWN`.
  public static let pageDown = KeyCode(109)

  /// The gamepad buttons' range (`BTN_GAMEPAD` … `BTN_THUMBR`).
  public static let gamepadButtons = KeyCode(0x130)...KeyCode(0x13e)
  /// The D-pad buttons' range.
  public static let dpadButtons = KeyCode.dpadUp...KeyCode.dpadRight
}
