internal import CXKBCommon
import KeyMenuCore

/// One device's xkb state and compose state, with Swift-typed calls: the
/// other C-boundary file of this module. ``LayoutState`` holds the logic.
final class XKBState {
  /// The layout whose keymap and compose table this state reads; kept
  /// alive while the state lives.
  let layout: KeyboardLayout
  private let state: OpaquePointer
  private let compose: OpaquePointer?

  /// A fresh state (no key down, no lock on); nil when out of memory.
  init?(layout: KeyboardLayout) {
    guard let state = xkb_state_new(layout.keymap) else { return nil }
    var compose: OpaquePointer?
    if let table = layout.composeTable {
      compose = xkb_compose_state_new(table, XKB_COMPOSE_STATE_NO_FLAGS)
      if compose == nil {
        xkb_state_unref(state)
        return nil
      }
    }
    self.layout = layout
    self.state = state
    self.compose = compose
  }

  deinit {
    if let compose { xkb_compose_state_unref(compose) }
    xkb_state_unref(state)
  }

  /// The xkb keycode of an evdev key code (xkbcommon's evdev rules add 8).
  private static func keycode(_ key: KeyCode) -> xkb_keycode_t { xkb_keycode_t(key.rawValue) + 8 }

  /// Tells the state a key went down or up (modifiers, locks, groups).
  func update(_ key: KeyCode, down: Bool) {
    _ = xkb_state_update_key(state, Self.keycode(key), down ? XKB_KEY_DOWN : XKB_KEY_UP)
  }

  /// Whether the keymap says the key repeats (letters do, modifiers do not).
  func repeats(_ key: KeyCode) -> Bool {
    xkb_keymap_key_repeats(layout.keymap, Self.keycode(key)) != 0
  }

  /// The key's keysym now; 0 (`NoSymbol`) when it has none or several.
  func keysym(_ key: KeyCode) -> UInt32 {
    xkb_state_key_get_one_sym(state, Self.keycode(key))
  }

  /// The text the key types now, modifiers applied (Ctrl gives control characters).
  func text(_ key: KeyCode) -> String {
    Self.string { buffer, size in xkb_state_key_get_utf8(state, Self.keycode(key), buffer, size) }
  }

  /// A keysym's name, such as `odiaeresis`.
  static func name(ofKeysym keysym: UInt32) -> String {
    string { buffer, size in xkb_keysym_get_name(keysym, buffer, size) }
  }

  /// Whether a compose table is loaded.
  var composes: Bool { compose != nil }

  /// Feeds a keysym to the compose state; nil when it was ignored (a
  /// modifier) or there is no compose table, else the status afterwards.
  func feedCompose(_ keysym: UInt32) -> ComposeStatus? {
    guard let compose, xkb_compose_state_feed(compose, keysym) == XKB_COMPOSE_FEED_ACCEPTED else {
      return nil
    }
    return composeStatus
  }

  /// The compose state's status; `.nothing` without a compose table.
  var composeStatus: ComposeStatus {
    guard let compose else { return .nothing }
    switch xkb_compose_state_get_status(compose) {
    case XKB_COMPOSE_COMPOSING: return .composing
    case XKB_COMPOSE_COMPOSED: return .composed
    case XKB_COMPOSE_CANCELLED: return .cancelled
    default: return .nothing
    }
  }

  /// The text of the sequence just composed.
  func composedText() -> String {
    guard let compose else { return "" }
    return Self.string { buffer, size in xkb_compose_state_get_utf8(compose, buffer, size) }
  }

  /// Forgets the sequence going on.
  func resetCompose() {
    if let compose { xkb_compose_state_reset(compose) }
  }

  /// The string an xkbcommon call writes into a buffer, which returns the
  /// length it needs (without the NUL) or -1; retried once with that length.
  private static func string(_ fill: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> String {
    var capacity = 64
    while true {
      let result: String? = withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
        let base = buffer.baseAddress!
        let needed = Int(fill(base, capacity))
        guard needed > 0 else { return "" }
        guard needed < capacity else {
          capacity = needed + 1
          return nil
        }
        return base.withMemoryRebound(to: UInt8.self, capacity: needed) { bytes in
          String(decoding: UnsafeBufferPointer(start: bytes, count: needed), as: UTF8.self)
        }
      }
      if let result { return result }
    }
  }
}
