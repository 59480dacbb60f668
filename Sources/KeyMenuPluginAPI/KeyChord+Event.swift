public import KeyMenuCore

extension KeyChord {
  /// The modifiers a key event of this chord holds: the left one of each
  /// (AltGr for `altgr`).
  public var heldModifiers: ModifierSet {
    var held: ModifierSet = []
    for modifier in modifiers {
      switch modifier {
      case .ctrl: held.formUnion(.leftCtrl)
      case .shift: held.formUnion(.leftShift)
      case .alt: held.formUnion(.leftAlt)
      case .meta: held.formUnion(.leftMeta)
      case .altgr: held.formUnion(.altGr)
      }
    }
    return held
  }
}
