public import KeyMenuCore

/// One device's keyboard state under a ``KeyboardLayout``: fed that
/// device's key events in order, it says what each press types.
///
/// It follows the modifiers and locks (Shift, AltGr, Caps Lock) and the
/// dead-key and compose sequences going on, so each device needs its own:
/// Shift held on one keyboard does not capitalize another's letters.
///
///     let state = try LayoutState(layout: KeyboardLayout(KeyboardLayoutSpec(layout: "de")))
///     state.feed(KeyCode(41), .down)  // dead_circumflex: text ""
///     state.feed(KeyCode(41), .up)
///     state.feed(KeyCode(24), .down)?.text  // "ô"
///
/// Not `Sendable`: it stays on the thread that made its layout.
public final class LayoutState {
  /// The layout the state types with.
  public var layout: KeyboardLayout { xkb.layout }
  private var xkb: XKBState

  /// A state with no key down and no lock on.
  ///
  /// - Throws: ``KeyboardLayoutError`` with code `stateUnavailable` when out of memory.
  public init(layout: KeyboardLayout) throws(KeyboardLayoutError) {
    guard let xkb = XKBState(layout: layout) else {
      throw KeyboardLayoutError(.stateUnavailable, spec: layout.spec)
    }
    self.xkb = xkb
  }

  /// Whether dead keys and the Compose key work (a compose table is loaded).
  public var composes: Bool { xkb.composes }

  /// Feeds one key event of the device (an evdev key code, as the kernel
  /// sends it) and returns what a press or repeat types; nil for a release
  /// and for a repeat of a key that does not repeat (a modifier).
  ///
  /// Every release must be fed too, or the state believes the key is still
  /// held (a Shift would stay on).
  @discardableResult
  public func feed(_ key: KeyCode, _ action: KeyAction) -> TypedKey? {
    switch action {
    case .up:
      xkb.update(key, down: false)
      return nil
    case .repeat:
      guard xkb.repeats(key) else { return nil }
      return typed(key)
    case .down:
      // The keysym and text come from the state before the press changes it,
      // as xkbcommon's documentation asks.
      let typed = typed(key)
      xkb.update(key, down: true)
      return typed
    }
  }

  /// Forgets every held key, lock and sequence, as after the device was
  /// reopened or events were lost.
  public func reset() throws(KeyboardLayoutError) {
    guard let fresh = XKBState(layout: xkb.layout) else {
      throw KeyboardLayoutError(.stateUnavailable, spec: xkb.layout.spec)
    }
    xkb = fresh
  }

  /// What the key types now, through the compose state.
  private func typed(_ key: KeyCode) -> TypedKey {
    let keysym = xkb.keysym(key)
    let name = XKBState.name(ofKeysym: keysym)
    let plain = Self.printable(xkb.text(key))
    guard let status = xkb.feedCompose(keysym) else {
      // A modifier inside a sequence leaves it going; it types nothing itself.
      let going = xkb.composeStatus == .composing
      return TypedKey(
        key: key, keysymName: name, text: going ? "" : plain, compose: going ? .composing : .nothing)
    }
    switch status {
    case .nothing:
      return TypedKey(key: key, keysymName: name, text: plain)
    case .composing:
      return TypedKey(key: key, keysymName: name, text: "", compose: .composing)
    case .composed:
      let text = Self.printable(xkb.composedText())
      xkb.resetCompose()
      return TypedKey(key: key, keysymName: name, text: text, compose: .composed)
    case .cancelled:
      xkb.resetCompose()
      return TypedKey(key: key, keysymName: name, text: "", compose: .cancelled)
    }
  }

  /// The text without control characters: Enter's `\r`, Backspace's `\u{8}`,
  /// Ctrl+A's `\u{1}` are keys to act on, not text to insert.
  private static func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
      return text
    }
    return ""
  }
}

@available(*, unavailable, message: "xkbcommon objects belong to one thread")
extension LayoutState: Sendable {}
