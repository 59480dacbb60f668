public import KeyMenuCore
public import KeyMenuProtocol

/// The key rules of one checklist, radiolist or picklist in front: a pure
/// state machine over the items' marks, the highlighted item and the focus
/// (the list or one of the buttons, OK and Cancel). A picklist has no
/// marks: the highlighted item is the answer. Under the `whiptail` or
/// `dialog` keys a list follows that program's menu, checklist or radiolist
/// instead (``whiptailPress(_:)``, ``dialogPress(_:)``); the rules below are
/// keymenu's.
///
/// In the list: Up/Down move the highlight without wrapping (as whiptail),
/// Down on the last item moves the focus to the OK button; Home/End jump
/// to either end, PageUp/PageDown move five items; Space, OK and Select
/// toggle the highlighted item (a checklist) or mark it as the one choice
/// (a radiolist); digits 1–9 (top row, keypad, a remote's) highlight item N
/// and toggle or mark it; Enter (keypad Enter) confirms the marks; Right
/// and Tab move the focus to the OK button.
///
/// On a button: Enter, Space, OK and Select press it (OK confirms, Cancel
/// cancels with reason ``Answer/Reason/cancel``); Left/Right move between
/// the buttons (Left on the first goes back to the list), Tab goes to the
/// next button and from the last back to the list (Shift+Tab backwards);
/// Up goes back to the list; Home/End, PageUp/PageDown and digits act on
/// the list and bring the focus back to it.
///
/// A remote, which has no Space, Tab or Enter, marks with OK, then goes to
/// the OK button with Right (or Down past the last item) and presses it with
/// OK. Esc, Back and Exit cancel anywhere (reason ``Answer/Reason/escape``).
///
/// A key's `down` acts, the repeats of arrows, Tab and the page keys act
/// again; its `up` is consumed too, also after the answer, through
/// ``consumedKeys``. Other keys (and digits with Ctrl, Alt or Meta) pass.
public struct ChoiceListMachine: Sendable {
  /// Several marks (check boxes) or one (radio buttons).
  public enum Mode: String, Hashable, Sendable {
    /// Each item is checked or not.
    case check
    /// At most one item is marked; marking one unmarks the other.
    case radio
    /// No marks: the highlighted item is picked (Enter, OK, Select, Space;
    /// a digit picks item N).
    case pick
  }

  /// Where the keys go.
  public enum Focus: Hashable, Sendable {
    /// The items: the highlight moves, marks change.
    case list
    /// A button, by index (0 is OK, 1 Cancel).
    case button(Int)
  }

  /// How the list ended.
  public enum Answer: Hashable, Sendable {
    /// Confirmed: the marked items' indices, in item order (at most one for a radiolist).
    case confirmed([Int])
    /// Ended without an answer, and why.
    case cancelled(Reason)

    /// Why a list ended without an answer.
    public enum Reason: Hashable, Sendable {
      /// Esc, Back or Exit.
      case escape
      /// The Cancel button.
      case cancel
      /// Its owner, the panic chord, the connection's end or the plugin stopping.
      case dismissed
      /// No key came for its idle timeout.
      case timeout
    }
  }

  /// What handling a key did.
  public enum Effect: Hashable, Sendable {
    /// The marks, the highlight or the focus changed.
    case changed
    /// The list ended.
    case ended(Answer)
  }

  /// Check boxes or radio buttons.
  public let mode: Mode
  /// Each item's mark, in item order.
  public private(set) var marks: [Bool]
  /// The highlighted item.
  public internal(set) var highlight: Int
  /// The list or a button.
  public internal(set) var focus: Focus = .list
  /// How many buttons there are: 2 (OK, Cancel), or 1 (OK) without a Cancel button.
  public let buttonCount: Int
  /// Whose keys it follows.
  public let keys: KeyProfile
  /// How far Page Up and Page Down move the highlight (under the `dialog`
  /// keys: the rows shown).
  public let pageSize: Int
  /// The first item of the page shown, under the `dialog` keys (dialog's
  /// Page Up and digits act on the page); 0 under the others.
  public internal(set) var top = 0
  /// Each item's first character as shown, uppercased (nil for an empty
  /// one): what a typed letter jumps to under the `whiptail` and `dialog`
  /// keys.
  let initials: [Character?]
  /// Whether the list has ended.
  public private(set) var isFinished = false
  /// Keys whose `down` this list consumed and whose `up` has not come yet.
  public private(set) var consumedKeys = ConsumedKeys()

  /// A list of `marks.count` items (at least one) marked as given, the
  /// highlight on `highlight` (clamped to the items), the focus on the
  /// list. A radiolist given several marks keeps the last (as whiptail,
  /// which answers the last one marked on); a picklist keeps none.
  /// `shown` are the items as shown (tag, or text), for the letters that
  /// jump under the `whiptail` keys; `pageSize` (default 5) is how far
  /// Page Up and Page Down move.
  public init(
    mode: Mode, marks: [Bool], highlight: Int = 0, cancelButton: Bool = true, keys: KeyProfile = .keymenu,
    pageSize: Int? = nil, shown: [String] = []
  ) {
    precondition(!marks.isEmpty, "a list has at least one item")
    var marks = marks
    if mode == .radio, let last = marks.lastIndex(of: true) {
      marks = marks.indices.map { $0 == last }
    }
    if mode == .pick { marks = marks.map { _ in false } }
    self.mode = mode
    self.marks = marks
    self.highlight = min(max(0, highlight), marks.count - 1)
    self.buttonCount = cancelButton ? 2 : 1
    self.keys = keys
    self.pageSize = max(1, pageSize ?? ChoiceListKeys.pageSize)
    initials = marks.indices.map { index in
      guard index < shown.count, let first = shown[index].first else { return nil }
      return Character(first.uppercased())
    }
    if keys == .dialog {
      // dialog always has a button selected, OK at first, beside the list.
      focus = .button(0)
      scroll(to: self.highlight)
    }
  }

  /// The marked items' indices, in item order.
  public var marked: [Int] { marks.indices.filter { marks[$0] } }

  /// Handles one key event; returns whether it was consumed and the effects.
  public mutating func handle(_ event: KeyEvent) -> (consumed: Bool, effects: [Effect]) {
    var keys = consumedKeys
    defer { consumedKeys = keys }
    return keys.route(event, finished: isFinished, repeats: ChoiceListKeys.repeating.contains) { press($0) }
  }

  /// Ends the list without an answer (its owner dismissed it); false when
  /// it had already ended.
  public mutating func dismiss() -> Bool {
    guard !isFinished else { return false }
    isFinished = true
    return true
  }

  /// The effects of a key going down (or repeating), or nil when the list ignores the key.
  private mutating func press(_ event: KeyEvent) -> [Effect]? {
    switch keys {
    case .whiptail: return whiptailPress(event)
    case .dialog: return dialogPress(event)
    case .keymenu, .dmenu: break  // dmenu's keys are refused on lists
    }
    let key = event.code
    if ChoiceListKeys.cancel.contains(key) { return end(.cancelled(.escape)) }
    if ChoiceListKeys.confirm.contains(key) || ChoiceListKeys.toggle.contains(key) {
      if case .button(let index) = focus { return pressButton(index) }
      if mode == .pick { return end(.confirmed(answer)) }
      return ChoiceListKeys.confirm.contains(key)
        ? end(.confirmed(marked)) : changes { $0.mark($0.highlight) }
    }
    if let digit = key.digit {
      guard event.modifiers.isDisjoint(with: ChoiceListKeys.commandModifiers) else { return nil }
      if mode == .pick {
        guard digit >= 1, digit <= marks.count else { return [] }
        highlight = digit - 1
        focus = .list
        return end(.confirmed([highlight]))
      }
      return changes { machine in
        guard digit >= 1, digit <= machine.marks.count else { return }
        machine.focus = .list
        machine.highlight = digit - 1
        machine.mark(digit - 1)
      }
    }
    let backwards = !event.modifiers.isDisjoint(with: .shift)
    switch key {
    case ChoiceListKeys.tab: return changes { $0.tab(backwards: backwards) }
    case .left, .right: return changes { $0.sideways(by: key == .left ? -1 : 1) }
    case .up, .down: return changes { $0.vertical(by: key == .up ? -1 : 1) }
    case ChoiceListKeys.home: return changes { $0.jump(to: 0) }
    case ChoiceListKeys.end: return changes { $0.jump(to: $0.marks.count - 1) }
    case ChoiceListKeys.pageUp: return changes { $0.jump(to: $0.highlight - $0.pageSize) }
    case ChoiceListKeys.pageDown: return changes { $0.jump(to: $0.highlight + $0.pageSize) }
    default: return nil
    }
  }

  /// What confirming answers: the marked items, or a picklist's highlighted one.
  var answer: [Int] { mode == .pick ? [highlight] : marked }

  /// Ends the list with `answer` (only a key's `down` gets here: the keys
  /// that end a list do not act on repeats).
  mutating func end(_ answer: Answer) -> [Effect] {
    isFinished = true
    return [.ended(answer)]
  }

  /// Presses button `index` (Enter on it, or a tap): OK (0) confirms with
  /// ``answer``, Cancel (1) cancels with reason ``Answer/Reason/cancel``.
  mutating func pressButton(_ index: Int) -> [Effect] {
    end(index == 0 ? .confirmed(answer) : .cancelled(.cancel))
  }

  /// Runs `change`; `[.changed]` when the marks, highlight or focus differ after it.
  mutating func changes(_ change: (inout Self) -> Void) -> [Effect] {
    let before = (marks, highlight, focus)
    change(&self)
    return before == (marks, highlight, focus) ? [] : [.changed]
  }

  /// Space, OK, Select or a digit on item `index`: toggles its check box,
  /// or makes it the radio choice (a marked radio item stays marked).
  mutating func mark(_ index: Int) {
    switch mode {
    case .check: marks[index].toggle()
    case .radio: marks = marks.indices.map { $0 == index }
    case .pick: break
    }
  }

  /// Tab: list, OK, Cancel, list; Shift+Tab the other way.
  mutating func tab(backwards: Bool) {
    let stops = buttonCount + 1
    let position: Int
    switch focus {
    case .list: position = 0
    case .button(let index): position = index + 1
    }
    let next = (position + (backwards ? stops - 1 : 1)) % stops
    focus = next == 0 ? .list : .button(next - 1)
  }

  /// Left/Right: from the list Right goes to the OK button (Left does
  /// nothing); between the buttons without wrapping, Left on the first
  /// back to the list.
  private mutating func sideways(by step: Int) {
    switch focus {
    case .list where step > 0: focus = .button(0)
    case .list: break
    case .button(let index) where index + step < 0: focus = .list
    case .button(let index): focus = .button(min(index + step, buttonCount - 1))
    }
  }

  /// Up/Down: the highlight moves without wrapping; Down on the last item
  /// goes to the OK button, Up on a button back to the list.
  private mutating func vertical(by step: Int) {
    switch focus {
    case .button: if step < 0 { focus = .list }
    case .list where highlight + step >= marks.count: focus = .button(0)
    case .list: highlight = max(0, highlight + step)
    }
  }

  /// Home, End, PageUp, PageDown: the highlight to `index` (clamped), the focus on the list.
  private mutating func jump(to index: Int) {
    focus = .list
    highlight = min(max(0, index), marks.count - 1)
  }
}
