public import KeyMenuCore

/// The key rules of one prompt in front, a line of text being typed: a pure
/// state machine.
///
/// Printable keys insert what they type at the cursor (up to
/// ``maximumLength`` characters), under the device's keyboard layout when
/// the key event carries its text (dead keys and compose sequences too),
/// else by US key position; Left/Right move the cursor, Home/End jump to either end;
/// Backspace deletes before the cursor, Delete under it; Enter (keypad
/// Enter, OK, Select) accepts the text; Esc (Back, Exit) cancels. A key's
/// `down` acts and its repeats act again (held Backspace, held Left); its
/// `up` is consumed too, also after the answer, through ``consumedKeys``.
/// Other keys pass.
public struct PromptMachine: Sendable {
  /// What handling a key did.
  public enum Effect: Hashable, Sendable {
    /// The text or the cursor changed.
    case edited
    /// Enter: the text is the answer.
    case accepted(String)
    /// Esc: no answer.
    case cancelled
  }

  /// The text typed so far, by character.
  public private(set) var text: [Character]
  /// Where the next character goes: 0 to `text.count`.
  public private(set) var cursor: Int
  /// Whether the text is a secret (shown as bullets).
  public let masked: Bool
  /// The most characters the text may have, if limited.
  public let maximumLength: Int?
  /// The most characters any prompt takes, limited or not.
  public static let longest = 4096

  /// When the on-screen keyboard shows.
  public enum KeyboardMode: String, Hashable, Sendable {
    /// When the prompt is shown while only devices without letter keys are
    /// attached, or when such a device presses an arrow key.
    case auto
    /// From the start.
    case always
    /// Never.
    case never
  }

  /// The on-screen keyboard, while shown.
  public private(set) var keyboard: OnScreenKeyboard?
  /// When the keyboard shows.
  public let keyboardMode: KeyboardMode
  /// The attached devices that have no letter keys (remotes, keypads).
  public private(set) var devicesWithoutLetters: Set<DeviceID>

  /// Whether the prompt has ended (accepted or cancelled).
  public private(set) var isFinished = false
  /// Keys whose `down` this prompt consumed and whose `up` has not come yet.
  public private(set) var consumedKeys = ConsumedKeys()

  /// A prompt holding `initial` (cut to `maximumLength`), the cursor at its
  /// end; `devicesWithoutLetters` and `lettersAttached` say what is
  /// attached, for the keyboard's `auto` mode.
  public init(
    initial: String = "", masked: Bool = false, maximumLength: Int? = nil, keyboard: KeyboardMode = .auto,
    devicesWithoutLetters: Set<DeviceID> = [], lettersAttached: Bool = true
  ) {
    self.keyboardMode = keyboard
    self.devicesWithoutLetters = devicesWithoutLetters
    let shows = keyboard == .always || keyboard == .auto && !lettersAttached && !devicesWithoutLetters.isEmpty
    self.keyboard = shows ? OnScreenKeyboard() : nil
    let characters = Array(initial)
    self.text = Array(characters.prefix(max(0, min(maximumLength ?? Self.longest, Self.longest))))
    self.cursor = text.count
    self.masked = masked
    self.maximumLength = maximumLength
  }

  /// The text as a string.
  public var string: String { String(text) }

  /// Handles one key event; returns whether it was consumed and the effects.
  public mutating func handle(_ event: KeyEvent) -> (consumed: Bool, effects: [Effect]) {
    var keys = consumedKeys
    defer { consumedKeys = keys }
    return keys.route(event, finished: isFinished) { press($0) }
  }

  /// Ends the prompt without an answer (its owner dismissed it); false when
  /// it had already ended.
  public mutating func dismiss() -> Bool {
    guard !isFinished else { return false }
    isFinished = true
    return true
  }

  /// Devices came or went: the ones without letter keys now attached, and
  /// whether one with letters is. In `auto` mode the keyboard comes up
  /// when only devices without letters are left; whether it did.
  public mutating func devicesChanged(withoutLetters devices: Set<DeviceID>, lettersAttached: Bool) -> Bool {
    devicesWithoutLetters = devices
    guard keyboardMode == .auto, keyboard == nil, !lettersAttached, !devices.isEmpty else { return false }
    keyboard = OnScreenKeyboard()
    return true
  }

  /// The effects of a key going down (or repeating), or nil when the prompt ignores the key.
  private mutating func press(_ event: KeyEvent) -> [Effect]? {
    let key = event.code
    if let effects = keyboardPress(event) { return effects }
    if PromptKeys.cancel.contains(key) {
      guard event.action == .down else { return [] }
      isFinished = true
      return [.cancelled]
    }
    if PromptKeys.accept.contains(key) {
      guard event.action == .down else { return [] }
      isFinished = true
      return [.accepted(string)]
    }
    if PromptKeys.editing.contains(key) { return edit(key) ? [.edited] : [] }
    if PromptKeys.startsSequence(event) { return [] }
    guard let typed = PromptKeys.typed(event) else { return nil }
    return insert(typed) ? [.edited] : []
  }

  /// Moves the cursor or deletes; whether anything changed.
  private mutating func edit(_ key: KeyCode) -> Bool {
    let before = (text, cursor)
    switch key {
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(text.count, cursor + 1)
    case PromptKeys.home: cursor = 0
    case PromptKeys.end: cursor = text.count
    case PromptKeys.backspace where cursor > 0:
      text.remove(at: cursor - 1)
      cursor -= 1
    case PromptKeys.delete where cursor < text.count:
      text.remove(at: cursor)
    default: break
    }
    return before.0 != text || before.1 != cursor
  }

  /// Inserts at the cursor what fits before the text is full; whether
  /// anything did.
  private mutating func insert(_ typed: String) -> Bool {
    let room = min(maximumLength ?? Self.longest, Self.longest) - text.count
    guard room > 0 else { return false }
    let characters = Array(typed.prefix(room))
    text.insert(contentsOf: characters, at: cursor)
    cursor += characters.count
    return !characters.isEmpty
  }

  /// The keys the on-screen keyboard takes: arrows move its focus, OK
  /// (Select, Enter) presses the focused key; an arrow from a device
  /// without letters brings it up in `auto` mode (OK still accepts: a PIN
  /// typed with a remote's digits). Nil for other keys, which the prompt
  /// handles as typed.
  private mutating func keyboardPress(_ event: KeyEvent) -> [Effect]? {
    let key = event.code
    let arrows: Set<KeyCode> = [.up, .down, .left, .right]
    guard var keyboard else {
      let remote = devicesWithoutLetters.contains(event.device)
      guard keyboardMode == .auto, event.action == .down, remote, arrows.contains(key) else { return nil }
      self.keyboard = OnScreenKeyboard()
      return [.edited]
    }
    defer { self.keyboard = keyboard }
    if keyboard.move(key) { return [.edited] }
    guard PromptKeys.accept.contains(key) else { return nil }
    guard event.action == .down else { return [] }
    switch keyboard.press() {
    case .switched: return [.edited]
    case .type(let character): return insert(String(character)) ? [.edited] : []
    case .backspace: return edit(PromptKeys.backspace) ? [.edited] : []
    case .done:
      isFinished = true
      return [.accepted(string)]
    }
  }
}
