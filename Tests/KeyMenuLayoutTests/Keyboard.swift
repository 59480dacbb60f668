import KeyMenuCore
import KeyMenuLayout
import Testing

/// evdev key codes the tests press (linux/input-event-codes.h), named by
/// the US key at that position.
enum Key {
  static let one = KeyCode(2)
  static let two = KeyCode(3)
  static let minus = KeyCode(12)
  static let backspace = KeyCode(14)
  static let q = KeyCode(16)
  static let w = KeyCode(17)
  static let e = KeyCode(18)
  static let t = KeyCode(20)
  static let y = KeyCode(21)
  static let o = KeyCode(24)
  static let enter = KeyCode(28)
  static let leftCtrl = KeyCode(29)
  static let a = KeyCode(30)
  static let d = KeyCode(32)
  static let f = KeyCode(33)
  static let g = KeyCode(34)
  static let h = KeyCode(35)
  static let semicolon = KeyCode(39)
  static let apostrophe = KeyCode(40)
  static let grave = KeyCode(41)
  static let leftShift = KeyCode(42)
  static let z = KeyCode(44)
  static let b = KeyCode(48)
  static let n = KeyCode(49)
  static let capsLock = KeyCode(58)
  static let rightAlt = KeyCode(100)
}

/// A device's keyboard under one layout, typed on as a person would.
struct Keyboard {
  let state: LayoutState

  /// A keyboard with `layout` (and variant, options), using the en_US.UTF-8
  /// compose table unless told otherwise.
  init(
    _ layout: String, variant: String? = nil, options: String? = nil,
    composeLocales: [String] = ["en_US.UTF-8"]
  ) throws {
    let spec = KeyboardLayoutSpec(layout: layout, variant: variant, options: options)
    state = try LayoutState(layout: KeyboardLayout(spec, composeLocales: composeLocales))
  }

  /// Presses and releases `key` while `modifiers` are held; what the press typed.
  @discardableResult
  func press(_ key: KeyCode, with modifiers: [KeyCode] = []) -> TypedKey? {
    for modifier in modifiers { state.feed(modifier, .down) }
    let typed = state.feed(key, .down)
    #expect(state.feed(key, .up) == nil)
    for modifier in modifiers.reversed() { state.feed(modifier, .up) }
    return typed
  }

  /// The text typed by pressing each key in turn.
  func type(_ keys: [KeyCode], with modifiers: [KeyCode] = []) -> String {
    keys.map { press($0, with: modifiers)?.text ?? "<nil>" }.joined()
  }
}
