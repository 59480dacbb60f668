import KeyMenuCore
import KeyMenuPluginAPI

/// What a key press means to dmenu 5.2, after its Ctrl and Alt bindings
/// (its `keypress()`): Ctrl+A Home, Ctrl+E End, Ctrl+B/F Left/Right,
/// Ctrl+P/N Up/Down, Ctrl+H Backspace, Ctrl+D Delete, Ctrl+I Tab, Ctrl+J and
/// Ctrl+M Return (without Ctrl), Ctrl+C, Ctrl+G and Ctrl+[ Esc, Ctrl+K and
/// Ctrl+U delete to the end and to the start, Ctrl+W the word before,
/// Ctrl+Left/Right and Alt+B/F move by words, Alt+G/Shift+G Home/End,
/// Alt+H/J/K/L Up, Page Down, Page Up, Down. Other Ctrl and Alt chords are
/// not dmenu's (nil: they pass, as dmenu ignores them). A remote's OK and
/// Select are Return, its Back and Exit Esc; the keypad's arrows, Home,
/// End and pages (Num Lock off) are the keys they name.
enum DmenuKey: Hashable, Sendable {
  case home, end, left, right, up, down, pageUp, pageDown
  case backspace, delete, tab, escape
  /// Return; with Shift the text typed is the answer, with Ctrl the menu stays open.
  case `return`(shift: Bool, control: Bool)
  case deleteToEnd, deleteToStart, deleteWord
  case wordLeft, wordRight
  /// Text to insert at the cursor.
  case text(String)
  /// A key dmenu takes and does nothing with (Shift+Tab, a key that types
  /// nothing printable).
  case ignored

  /// The meaning of `event` (a press or repeat), or nil when dmenu does
  /// not bind it (a Ctrl or Alt chord of no binding, a modifier, a
  /// function key): such a key passes to keymenu's hotkeys.
  init?(_ event: KeyEvent) {
    let shift = !event.modifiers.isDisjoint(with: .shift)
    if !event.modifiers.isDisjoint(with: .ctrl) {
      guard let bound = Self.control(event, shift: shift) else { return nil }
      self = bound
    } else if !event.modifiers.isDisjoint(with: .leftAlt) {
      guard let bound = Self.alt(event, shift: shift) else { return nil }
      self = bound
    } else if let named = Self.named(event.code, shift: shift, control: false, typing: event.text) {
      self = named
    } else if let text = Self.typed(event, shift: shift) {
      // dmenu inserts what is not a control character; keymenu keeps out
      // every character that never reaches a screen raw (ShownText).
      self = ShownText.isClean(text) ? .text(text) : .ignored
    } else {
      return nil
    }
  }

  /// Keys dmenu knows by name (Return, the arrows, ...), or nil.
  private static func named(_ code: KeyCode, shift: Bool, control: Bool, typing text: String?) -> DmenuKey? {
    switch code {
    case .enter, .keypadEnter, .ok, .select: return .return(shift: shift, control: control)
    case .escape, .back, .exit: return .escape
    case DialogKeys.tab: return shift ? .ignored : .tab
    case DialogKeys.backspace: return .backspace
    case deleteKey: return .delete
    case DialogKeys.home: return .home
    case DialogKeys.end: return .end
    case DialogKeys.pageUp: return .pageUp
    case DialogKeys.pageDown: return .pageDown
    case .up: return .up
    case .down: return .down
    case .left: return .left
    case .right: return .right
    default: break
    }
    // The keypad's keys when they type nothing (Num Lock off).
    guard text?.isEmpty != false, let key = keypad[code.rawValue] else { return nil }
    return key
  }

  static let deleteKey = KeyCode(111)
  static let leftBraceKey = KeyCode(26)

  /// The keypad with Num Lock off.
  private static let keypad: [UInt16: DmenuKey] = [
    71: .home, 72: .up, 73: .pageUp, 75: .left, 77: .right, 79: .end, 80: .down, 81: .pageDown, 83: .delete,
  ]

  /// The text the key types: the layout's, else (no layout applied) a
  /// letter by US position (Shift for a capital), a number-row digit or a space.
  private static func typed(_ event: KeyEvent, shift: Bool) -> String? {
    if let text = event.text { return text.isEmpty ? nil : text }
    if let letter = event.letter { return shift ? letter.uppercased() : String(letter) }
    if event.code == DialogKeys.space { return " " }
    if (2...11).contains(event.code.rawValue), let digit = event.code.digit { return String(digit) }
    return nil
  }

  /// The letter that names the key in a chord (the layout's keysym, with
  /// Shift a capital), as dmenu's Ctrl and Alt bindings see it.
  private static func letter(_ event: KeyEvent, shift: Bool) -> Character? {
    if let name = event.keysymName, name.utf8.count == 1, let symbol = name.first, symbol.isASCII,
      symbol.isLetter
    {
      return symbol
    }
    guard let letter = event.code.letter else { return nil }
    return shift ? Character(letter.uppercased()) : letter
  }

  private static func control(_ event: KeyEvent, shift: Bool) -> DmenuKey? {
    switch event.code {
    case .enter, .keypadEnter, .ok, .select: return .return(shift: shift, control: true)
    case .left: return .wordLeft
    case .right: return .wordRight
    case leftBraceKey where event.keysymName == nil || event.keysymName == "bracketleft":
      return .escape
    default: break
    }
    switch letter(event, shift: shift) {
    case "a": return .home
    case "b": return .left
    case "c", "g": return .escape
    case "d": return .delete
    case "e": return .end
    case "f": return .right
    case "h": return .backspace
    case "i": return .tab
    case "j", "J", "m", "M": return .return(shift: shift, control: false)
    case "n": return .down
    case "p": return .up
    case "k": return .deleteToEnd
    case "u": return .deleteToStart
    case "w": return .deleteWord
    default: return nil
    }
  }

  private static func alt(_ event: KeyEvent, shift: Bool) -> DmenuKey? {
    switch letter(event, shift: shift) {
    case "b": .wordLeft
    case "f": .wordRight
    case "g": .home
    case "G": .end
    case "h": .up
    case "j": .pageDown
    case "k": .pageUp
    case "l": .down
    default: nil
    }
  }
}
