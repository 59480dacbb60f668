import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol

/// A list under the `whiptail` keys: whiptail's `--menu` (newt 0.52's
/// listbox in a form with OK and Cancel), `--checklist` and `--radiolist`
/// (its checkbox tree), measured against Debian's whiptail
/// (docs/COMPAT-KEYS.md).
///
/// A menu's list: Up/Down move without wrapping and stay at either end; Page
/// Up moves a page less one, Page Down a page (``pageSize``, whiptail's
/// list height); Home/End to either end; a letter highlights the next
/// item starting with it (from the one after the highlight when that one
/// starts with it, else from the top; nothing when none does); Enter picks
/// the highlighted item; Space and digits do nothing; Right goes to the OK
/// button, Left stays. A checklist's or radiolist's list: Up/Down and
/// Left/Right move without wrapping and stay at either end (never onto the
/// buttons); Page Up and Page Down move a page; Space (a remote's OK)
/// marks; Enter (a remote's Select, Play, Play/Pause) answers the marks; Home, End, letters and digits do
/// nothing. On a button: Enter and Space press it; Left, Up, Backspace and
/// Page Up go to the component before (from OK to the list), Right, Down
/// and Page Down to the one after (staying on the last); letters and digits
/// do nothing. Tab and Shift+Tab go round list, OK, Cancel. Anywhere: Esc
/// cancels (255), F12 is OK. A remote's OK and Select are Enter in a menu,
/// its Back and Exit Esc.
extension ChoiceListMachine {
  static let whiptailPress: Set<KeyCode> = [.enter, .keypadEnter, .ok, .select]

  /// The effects of a key going down under the `whiptail` keys, or nil
  /// when the list ignores it.
  mutating func whiptailPress(_ event: KeyEvent) -> [Effect]? {
    let key = event.code
    if ChoiceListKeys.cancel.contains(key) { return end(.cancelled(.escape)) }
    if key == DialogKeys.f12 { return end(.confirmed(answer)) }
    if key == ChoiceListKeys.tab {
      let backwards = !event.modifiers.isDisjoint(with: .shift)
      return changes { $0.tab(backwards: backwards) }
    }
    switch focus {
    case .list: return mode == .pick ? whiptailListPress(event) : whiptailTreePress(event)
    case .button(let index): return whiptailButtonPress(event, on: index)
    }
  }

  /// A checklist's or radiolist's list (newt's checkbox tree).
  private mutating func whiptailTreePress(_ event: KeyEvent) -> [Effect]? {
    let key = event.code
    if key == .enter || key == .keypadEnter || DialogKeys.remoteAnswer.contains(key) {
      return end(.confirmed(answer))
    }
    let last = marks.count - 1
    switch key {
    case ChoiceListKeys.space, .ok: return changes { $0.mark($0.highlight) }
    case .up, .left: return changes { $0.highlight = max(0, $0.highlight - 1) }
    case .down, .right: return changes { $0.highlight = min(last, $0.highlight + 1) }
    case ChoiceListKeys.pageUp: return changes { $0.highlight = max(0, $0.highlight - $0.pageSize) }
    case ChoiceListKeys.pageDown: return changes { $0.highlight = min(last, $0.highlight + $0.pageSize) }
    default:
      // Home, End, Backspace, letters and digits: the tree does nothing with them.
      return event.modifiers.isDisjoint(with: ChoiceListKeys.commandModifiers) ? [] : nil
    }
  }

  private mutating func whiptailListPress(_ event: KeyEvent) -> [Effect]? {
    let key = event.code
    if Self.whiptailPress.contains(key) { return end(.confirmed(answer)) }
    let last = marks.count - 1
    switch key {
    case .up: return changes { $0.highlight = max(0, $0.highlight - 1) }
    case .down: return changes { $0.highlight = min(last, $0.highlight + 1) }
    case ChoiceListKeys.pageUp: return changes { $0.highlight = max(0, $0.highlight - ($0.pageSize - 1)) }
    case ChoiceListKeys.pageDown: return changes { $0.highlight = min(last, $0.highlight + $0.pageSize) }
    case ChoiceListKeys.home: return changes { $0.highlight = 0 }
    case ChoiceListKeys.end: return changes { $0.highlight = last }
    case .right: return changes { $0.focus = .button(0) }
    case .left, DialogKeys.backspace, ChoiceListKeys.space: return []
    default: break
    }
    guard event.modifiers.isDisjoint(with: ChoiceListKeys.commandModifiers) else { return nil }
    if key.digit != nil { return [] }
    guard let letter = Self.typedLetter(event) else { return nil }
    return changes { $0.jump(toNextStartingWith: letter) }
  }

  private mutating func whiptailButtonPress(_ event: KeyEvent, on index: Int) -> [Effect]? {
    let key = event.code
    if Self.whiptailPress.contains(key) || key == ChoiceListKeys.space {
      return pressButton(index)
    }
    switch key {
    case .left, .up, DialogKeys.backspace, ChoiceListKeys.pageUp:
      return changes { $0.focus = index == 0 ? .list : .button(index - 1) }
    case .right, .down, ChoiceListKeys.pageDown:
      return changes { $0.focus = .button(min(index + 1, $0.buttonCount - 1)) }
    default:
      // Letters, digits, Home and End: the button does nothing with them.
      return event.modifiers.isDisjoint(with: ChoiceListKeys.commandModifiers) ? [] : nil
    }
  }

  /// newt's listbox: from the item after the highlight when the highlight
  /// starts with `letter`, else from the top, the first item starting
  /// with it; none: the highlight stays.
  private mutating func jump(toNextStartingWith letter: Character) {
    let wanted = Character(letter.uppercased())
    let start = initials[highlight] == wanted ? highlight + 1 : 0
    if let found = initials[start...].firstIndex(of: wanted) { highlight = found }
  }

  /// The letter a key types (under the device's layout), or the one that
  /// names it when it types nothing; nil for other keys.
  static func typedLetter(_ event: KeyEvent) -> Character? {
    if let text = event.text, text.count == 1, let first = text.first, first.isLetter { return first }
    return event.layoutLetter
  }
}
