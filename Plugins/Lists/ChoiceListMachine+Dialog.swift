import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol

/// A list under the `dialog` keys: dialog 1.3's `--menu`, `--checklist` and
/// `--radiolist`, measured against Debian's dialog (docs/COMPAT-KEYS.md)
/// and read in its `menubox.c` and `checklist.c`.
///
/// One button is always selected (OK at first) while the list keeps its
/// highlighted item, and the list's keys act whatever the button: Up/Down,
/// `+`/`-` move one item without wrapping; Home/End to either end; Page Down
/// moves ``pageSize`` items (the rows shown) down; Page Up goes to the top
/// row of the page first, then a page up; a typed character highlights the
/// next item whose first character it is (case-insensitive, from the one
/// after the highlight, wrapping); a digit that starts no item highlights
/// that line of the page. Tab and Right select the next button, Shift+Tab
/// and Left the one before, wrapping. Enter (a remote's OK and Select)
/// presses the selected button with the highlighted item; Space presses it
/// in a menu and marks the highlighted item in a checklist or radiolist
/// (whatever the button), as a remote's OK does there (its Select, Play
/// and Play/Pause press the button; in a menu OK and Select are Enter). Esc (Back, Exit)
/// cancels (255). Buttons have no
/// hotkeys in a list: letters go to the items.
///
/// The page is the window of ``pageSize`` items from ``top``, scrolled as
/// dialog scrolls it: as little as needed to show the highlight.
extension ChoiceListMachine {
  /// The effects of a key going down under the `dialog` keys, or nil when
  /// the list ignores it (a key with Ctrl, Alt or Meta: a hotkey's).
  mutating func dialogPress(_ event: KeyEvent) -> [Effect]? {
    let key = event.code
    if ChoiceListKeys.cancel.contains(key) { return end(.cancelled(.escape)) }
    let selected: Int
    switch focus {
    case .button(let index): selected = index
    case .list: selected = 0
    }
    let backwards = !event.modifiers.isDisjoint(with: .shift)
    let last = marks.count - 1
    // A remote's OK marks in a checklist or radiolist, as Space does (its
    // Select presses the button); in a menu it is Enter.
    let marking = mode != .pick && (key == ChoiceListKeys.space || key == .ok)
    let pressing =
      DialogKeys.accept.contains(key) || key == ChoiceListKeys.space || DialogKeys.remoteAnswer.contains(key)
    if !marking, pressing {
      return pressButton(selected)
    }
    switch key {
    case ChoiceListKeys.space, .ok: return changes { $0.mark($0.highlight) }
    case ChoiceListKeys.tab: return changes { $0.selectButton(selected + (backwards ? -1 : 1)) }
    case .right: return changes { $0.selectButton(selected + 1) }
    case .left: return changes { $0.selectButton(selected - 1) }
    case .up: return changes { $0.scroll(to: $0.highlight - 1) }
    case .down: return changes { $0.scroll(to: $0.highlight + 1) }
    case ChoiceListKeys.home: return changes { $0.scroll(to: 0) }
    case ChoiceListKeys.end: return changes { $0.scroll(to: last) }
    case ChoiceListKeys.pageDown: return changes { $0.scroll(to: $0.highlight + $0.pageSize) }
    case ChoiceListKeys.pageUp:
      return changes { machine in
        if machine.highlight != machine.top {
          machine.highlight = machine.top
        } else {
          machine.top = max(0, machine.top - machine.pageSize)
          machine.highlight = machine.top
        }
      }
    default: break
    }
    guard event.modifiers.isDisjoint(with: ChoiceListKeys.commandModifiers) else { return nil }
    guard let typed = DialogKeys.typedCharacter(event) else {
      // Backspace, function keys: the list does nothing with them.
      return []
    }
    switch typed {
    case "+": return changes { $0.scroll(to: $0.highlight + 1) }
    case "-": return changes { $0.scroll(to: $0.highlight - 1) }
    default: return changes { $0.jump(toNextStartingWithCharacter: typed) }
    }
  }

  /// The button `index` selected, wrapping round the buttons.
  private mutating func selectButton(_ index: Int) {
    focus = .button((index % buttonCount + buttonCount) % buttonCount)
  }

  /// The highlight on `index` (clamped to the items), the page scrolled as
  /// little as shows it.
  mutating func scroll(to index: Int) {
    highlight = min(max(0, index), marks.count - 1)
    if highlight < top { top = highlight }
    if highlight >= top + pageSize { top = highlight - pageSize + 1 }
  }

  /// dialog's hotkeys in a list: the next item (after the highlight, then
  /// from the top up to it) whose first character is `typed`, whatever its
  /// case; none, and `typed` a digit 1–9 within the page: that line of the
  /// page; else nothing.
  private mutating func jump(toNextStartingWithCharacter typed: Character) {
    let wanted = Character(typed.uppercased())
    let order = Array(highlight + 1..<marks.count) + Array(0...highlight)
    if let found = order.first(where: { initials[$0] == wanted }) {
      scroll(to: found)
    } else if let line = typed.wholeNumberValue, typed.isASCII, line >= 1, line <= min(pageSize, marks.count)
    {
      scroll(to: top + line - 1)
    }
  }
}
