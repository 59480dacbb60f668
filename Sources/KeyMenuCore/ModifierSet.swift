/// The modifier keys held at one moment, each side on its own.
///
/// A set that may grow, so it is a struct with static members rather than an
/// enum. `altGr` is the right Alt key, as on most layouts.
public struct ModifierSet: OptionSet, Hashable, Sendable {
  public var rawValue: UInt8

  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let leftCtrl = ModifierSet(rawValue: 1 << 0)
  public static let rightCtrl = ModifierSet(rawValue: 1 << 1)
  public static let leftShift = ModifierSet(rawValue: 1 << 2)
  public static let rightShift = ModifierSet(rawValue: 1 << 3)
  public static let leftAlt = ModifierSet(rawValue: 1 << 4)
  public static let altGr = ModifierSet(rawValue: 1 << 5)
  public static let leftMeta = ModifierSet(rawValue: 1 << 6)
  public static let rightMeta = ModifierSet(rawValue: 1 << 7)

  /// Either Ctrl key.
  public static let ctrl: ModifierSet = [.leftCtrl, .rightCtrl]
  /// Either Shift key.
  public static let shift: ModifierSet = [.leftShift, .rightShift]
  /// Either Meta (Super, Windows) key.
  public static let meta: ModifierSet = [.leftMeta, .rightMeta]

  /// Every single modifier in a fixed order, with the name keymenu prints for it.
  public static let named: [(modifier: ModifierSet, name: String)] = [
    (.leftCtrl, "leftctrl"), (.rightCtrl, "rightctrl"),
    (.leftShift, "leftshift"), (.rightShift, "rightshift"),
    (.leftAlt, "leftalt"), (.altGr, "altgr"),
    (.leftMeta, "leftmeta"), (.rightMeta, "rightmeta"),
  ]

  /// The names of the modifiers in this set, in the order of ``named``.
  public var names: [String] {
    Self.named.compactMap { contains($0.modifier) ? $0.name : nil }
  }

  /// The modifier a key code stands for, or an empty set for other keys.
  public init(key: KeyCode) {
    switch key {
    case .leftCtrl: self = .leftCtrl
    case .rightCtrl: self = .rightCtrl
    case .leftShift: self = .leftShift
    case .rightShift: self = .rightShift
    case .leftAlt: self = .leftAlt
    case .rightAlt: self = .altGr
    case .leftMeta: self = .leftMeta
    case .rightMeta: self = .rightMeta
    default: self = []
    }
  }
}
