/// A Linux input key code (`KEY_*` / `BTN_*` from `linux/input-event-codes.h`).
///
/// Names are not stored here: they come from libevdev through ``KeyNameTable``.
/// The few static members below are the codes keymenu's own logic needs
/// (modifiers and answer keys); their values are fixed by the kernel ABI.
public struct KeyCode: RawRepresentable, Hashable, Comparable, Sendable, Codable {
  /// The kernel's numeric code.
  public var rawValue: UInt16

  /// Creates a key code from the kernel's number.
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  /// Creates a key code from the kernel's number.
  public init(_ rawValue: UInt16) { self.rawValue = rawValue }

  /// The highest key code the kernel defines (`KEY_MAX`).
  public static let max = KeyCode(0x2ff)

  public static func < (lhs: KeyCode, rhs: KeyCode) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension KeyCode {
  public static let escape = KeyCode(1)
  public static let enter = KeyCode(28)
  public static let leftCtrl = KeyCode(29)
  public static let leftShift = KeyCode(42)
  public static let rightShift = KeyCode(54)
  public static let leftAlt = KeyCode(56)
  public static let keypadEnter = KeyCode(96)
  public static let rightCtrl = KeyCode(97)
  public static let rightAlt = KeyCode(100)
  public static let up = KeyCode(103)
  public static let left = KeyCode(105)
  public static let right = KeyCode(106)
  public static let down = KeyCode(108)
  public static let power = KeyCode(116)
  public static let leftMeta = KeyCode(125)
  public static let rightMeta = KeyCode(126)
  public static let back = KeyCode(158)
  public static let exit = KeyCode(174)
  public static let ok = KeyCode(0x160)
  public static let select = KeyCode(0x161)
  /// `BTN_MISC`: codes from here up to `KEY_OK` are buttons, not keys.
  public static let firstButton = KeyCode(0x100)
}
