public import KeyMenuCore
public import KeyMenuProtocol

/// The key rules of one prompt in front, a line of text being typed: a pure
/// state machine.
///
/// The focus is on the field or on one of the buttons (OK, and Cancel
/// unless the prompt has none), as in whiptail's input box.
///
/// In the field: printable keys insert what they type at the cursor (up to
/// ``maximumLength`` characters), under the device's keyboard layout when
/// the key event carries its text (dead keys and compose sequences too),
/// else by US key position; Left/Right move the cursor, Home/End jump to
/// either end; Backspace deletes before the cursor, Delete under it; Enter
/// (keypad Enter, OK, Select) accepts the text; Down goes to the OK button
/// (while the on-screen keyboard is shown, the arrows and OK are its own).
///
/// Tab moves the focus field → OK → Cancel → field, Shift+Tab the other
/// way. On a button: Enter, Space, OK and Select press it (OK accepts the
/// text, Cancel ends with ``Effect/cancelChosen``); Left/Up go to the
/// stop before (OK back to the field), Right/Down to the one after, without
/// wrapping; other keys that would type or edit do nothing there.
///
/// Esc (Back, Exit) cancels anywhere (``Effect/cancelled``: not the Cancel
/// button, as whiptail tells them apart). A key's `down` acts and its
/// repeats act again (held Backspace, held Left, held Tab), but a held
/// Enter or Space answers once; its `up` is consumed too, also after the
/// answer, through ``consumedKeys``. Other keys pass.
public struct PromptMachine: Sendable {
  /// What handling a key did.
  public enum Effect: Hashable, Sendable {
    /// The text, the cursor, the focus or the keyboard changed.
    case edited
    /// Enter in the field, or the OK button: the text is the answer.
    case accepted(String)
    /// Esc (Back, Exit): no answer.
    case cancelled
    /// The Cancel button: no answer.
    case cancelChosen
  }

  /// Where the keys go.
  public enum Focus: Hashable, Sendable {
    /// The text field (and the on-screen keyboard, while shown).
    case field
    /// A button, by index: 0 is OK, 1 Cancel.
    case button(Int)
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

  /// The field or a button.
  public internal(set) var focus = Focus.field
  /// How many buttons there are: 2 (OK, Cancel), or 1 (OK) without a Cancel button.
  public let buttonCount: Int
  /// Whose keys it follows.
  public let keys: KeyProfile
  /// The buttons' titles (OK's, Cancel's), for their hotkeys under the
  /// `dialog` keys.
  let buttonTitles: [String]

  /// Whether the prompt has ended (accepted or cancelled).
  public internal(set) var isFinished = false
  /// Keys whose `down` this prompt consumed and whose `up` has not come yet.
  public private(set) var consumedKeys = ConsumedKeys()

  /// A prompt holding `initial` (cut to `maximumLength`), the cursor at its
  /// end, the focus on the field; `devicesWithoutLetters` and
  /// `lettersAttached` say what is attached, for the keyboard's `auto`
  /// mode; with `cancelButton` false it has an OK button only (Esc still
  /// cancels); `buttonTitles` are the buttons' titles, whose hotkeys the
  /// `dialog` keys press.
  public init(
    initial: String = "", masked: Bool = false, maximumLength: Int? = nil, keyboard: KeyboardMode = .auto,
    devicesWithoutLetters: Set<DeviceID> = [], lettersAttached: Bool = true, cancelButton: Bool = true,
    keys: KeyProfile = .keymenu, buttonTitles: [String] = ["OK", "Cancel"]
  ) {
    self.keys = keys
    self.buttonTitles = buttonTitles
    self.keyboardMode = keyboard
    self.devicesWithoutLetters = devicesWithoutLetters
    let shows = keyboard == .always || keyboard == .auto && !lettersAttached && !devicesWithoutLetters.isEmpty
    self.keyboard = shows ? OnScreenKeyboard() : nil
    let characters = Array(initial)
    let longest = max(0, min(maximumLength ?? Self.longest, Self.longest))
    self.text = Array(characters.prefix(longest))
    // A masked text of up to 256 characters never grows into a new
    // buffer, which would leave the characters typed so far in the one freed.
    if masked { text.reserveCapacity(min(longest, 256)) }
    self.cursor = text.count
    self.masked = masked
    self.maximumLength = maximumLength
    self.buttonCount = cancelButton ? 2 : 1
  }

  /// The focused button's index, nil while the field has the focus.
  public var focusedButton: Int? {
    if case .button(let index) = focus { return index }
    return nil
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
    if focus == .field, let effects = keyboardPress(event) { return effects }
    if keys == .whiptail, let effects = whiptailPress(event) { return effects }
    if keys == .dialog, let effects = dialogPress(event) { return effects }
    if PromptKeys.cancel.contains(key) {
      guard event.action == .down else { return [] }
      isFinished = true
      return [.cancelled]
    }
    if let moved = move(key, backwards: !event.modifiers.isDisjoint(with: .shift)) {
      return moved ? [.edited] : []
    }
    if case .button(let index) = focus {
      let typing = PromptKeys.typed(event) != nil || PromptKeys.editing.contains(key)
      guard PromptKeys.accept.contains(key) || key == PromptKeys.space else { return typing ? [] : nil }
      guard event.action == .down else { return [] }
      return pressButton(index)
    }
    if PromptKeys.accept.contains(key) {
      guard event.action == .down else { return [] }
      isFinished = true
      return [.accepted(string)]
    }
    if PromptKeys.editing.contains(key) { return edit(key) ? [.edited] : [] }
    if !event.modifiers.isDisjoint(with: [.leftCtrl, .rightCtrl]),
      key == PromptKeys.letterU || key == PromptKeys.letterK
    {
      return deleteToEnd(before: key == PromptKeys.letterU) ? [.edited] : []
    }
    if PromptKeys.startsSequence(event) { return [] }
    guard let typed = PromptKeys.typed(event) else { return nil }
    return insert(typed) ? [.edited] : []
  }

  /// Presses button `index` (Enter on it, its hotkey, or a tap): OK (0)
  /// accepts the text, Cancel (1) ends with ``Effect/cancelChosen``.
  mutating func pressButton(_ index: Int) -> [Effect] {
    isFinished = true
    return [index == 0 ? .accepted(string) : .cancelChosen]
  }

  /// Moves the focus for Tab (Shift+Tab) anywhere, Down from the field, and
  /// the arrows on a button; whether the focus changed, or nil when the key
  /// does not move it here.
  private mutating func move(_ key: KeyCode, backwards: Bool) -> Bool? {
    // The stops: 0 the field, 1 OK, 2 Cancel.
    let stops = buttonCount + 1
    let position: Int
    switch focus {
    case .field: position = 0
    case .button(let index): position = index + 1
    }
    let next: Int
    if key == PromptKeys.tab {
      next = (position + (backwards ? stops - 1 : 1)) % stops
    } else if key == .down, position == 0 {
      next = 1
    } else if position > 0, key == .left || key == .up {
      next = position - 1
    } else if position > 0, key == .right || key == .down {
      next = min(position + 1, stops - 1)
    } else {
      return nil
    }
    focus = next == 0 ? .field : .button(next - 1)
    return next != position
  }

  /// Moves the cursor or deletes; whether anything changed.
  private mutating func edit(_ key: KeyCode) -> Bool {
    // Compared by count and cursor, not by a copy of the text: a copy
    // would make the edit copy the characters and leave them in freed memory.
    let before = (count: text.count, cursor: cursor)
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
    return before.count != text.count || before.cursor != cursor
  }

  /// Ctrl+U: deletes what is before the cursor; Ctrl+K: what is after it
  /// (as whiptail's and readline's fields); whether anything was. The
  /// characters are overwritten where they lie first, as ``forget()`` does.
  private mutating func deleteToEnd(before: Bool) -> Bool {
    let range = before ? 0..<cursor : cursor..<text.count
    guard !range.isEmpty else { return false }
    for index in range { text[index] = " " }
    text.removeSubrange(range)
    if before { cursor = 0 }
    return true
  }

  /// Overwrites the typed characters where they lie and empties the text:
  /// called when the prompt ends, so that a secret does not stay in the
  /// daemon's memory after its answer (``DialogMachine/forget()``).
  public mutating func forget() {
    // Assigned in place: the array is this machine's alone, so each slot
    // of its buffer is overwritten, not copied elsewhere.
    for index in text.indices { text[index] = " " }
    text.removeAll()
    cursor = 0
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
