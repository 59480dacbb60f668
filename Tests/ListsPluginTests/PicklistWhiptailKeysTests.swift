import KeyMenuCore
import KeyMenuProtocol
import ListsPlugin
import Testing

/// A picklist under whiptail's keys (newt's listbox and buttons), key by
/// key; `WhiptailCompatTests` compares the same keys with Debian's
/// whiptail end to end.
@Suite struct PicklistWhiptailKeysTests {
  static let shown = ["a1", "b", "a2", "c", "d", "e", "f", "g", "h", "i"]

  static func picklist(_ shown: [String] = shown, pageSize: Int = 4, cancel: Bool = true) -> ChoiceListMachine
  {
    ChoiceListMachine(
      mode: .pick, marks: shown.map { _ in false }, cancelButton: cancel, keys: .whiptail, pageSize: pageSize,
      shown: shown)
  }

  /// A key going down (and up again), by code; a letter types itself.
  static func press(
    _ code: UInt16, _ machine: inout ChoiceListMachine, text: String? = nil, shift: Bool = false
  )
    -> [ChoiceListMachine.Effect]
  {
    var down = KeyEvent(
      code: KeyCode(code), name: "KEY_\(code)", action: .down, modifiers: shift ? [.leftShift] : [],
      device: DeviceID(1), time: .zero)
    down.text = text
    let effects = machine.handle(down).effects
    var up = down
    up.action = .up
    _ = machine.handle(up)
    return effects
  }

  static let (tab, enter, space, escape, f12) = (UInt16(15), UInt16(28), UInt16(57), UInt16(1), UInt16(88))
  static let (up, down, left, right) = (UInt16(103), UInt16(108), UInt16(105), UInt16(106))
  static let (pageUp, pageDown, home, end, backspace) = (
    UInt16(104), UInt16(109), UInt16(102), UInt16(107), UInt16(14)
  )

  @Test func upAndDownStayAtEitherEndAndSpaceAndDigitsDoNothing() {
    var machine = Self.picklist()
    #expect(Self.press(Self.up, &machine).isEmpty)
    #expect(machine.highlight == 0)
    _ = Self.press(Self.end, &machine)
    #expect(Self.press(Self.down, &machine).isEmpty && machine.highlight == 9)
    #expect(Self.press(Self.space, &machine).isEmpty)
    #expect(Self.press(3, &machine, text: "2").isEmpty && machine.highlight == 9, "a digit picks nothing")
    #expect(Self.press(Self.left, &machine).isEmpty && machine.focus == .list)
    #expect(Self.press(Self.enter, &machine) == [.ended(.confirmed([9]))])
  }

  @Test func pageUpMovesAPageLessOneAndPageDownAPage() {
    var machine = Self.picklist()
    _ = Self.press(Self.pageDown, &machine)
    #expect(machine.highlight == 4)
    _ = Self.press(Self.pageDown, &machine)
    #expect(machine.highlight == 8)
    _ = Self.press(Self.pageUp, &machine)
    #expect(machine.highlight == 5)
    _ = Self.press(Self.pageDown, &machine)
    _ = Self.press(Self.pageDown, &machine)
    #expect(machine.highlight == 9)
  }

  @Test func aLetterJumpsToTheNextItemStartingWithIt() {
    var machine = Self.picklist()
    _ = Self.press(30, &machine, text: "a")
    #expect(machine.highlight == 2, "from a1 on: a2")
    _ = Self.press(30, &machine, text: "A")
    #expect(machine.highlight == 2, "no a after a2: it stays")
    _ = Self.press(46, &machine, text: "c")
    #expect(machine.highlight == 3)
    _ = Self.press(48, &machine, text: "b")
    #expect(machine.highlight == 1, "the highlight does not start with b: from the top")
    _ = Self.press(44, &machine, text: "z")
    #expect(machine.highlight == 1)
  }

  @Test func theButtonsAreReachedWithTabAndRightAndPressedWithEnterOrSpace() {
    var machine = Self.picklist()
    _ = Self.press(Self.down, &machine)
    _ = Self.press(Self.right, &machine)
    #expect(machine.focus == .button(0))
    _ = Self.press(Self.right, &machine)
    _ = Self.press(Self.down, &machine)
    #expect(machine.focus == .button(1), "the last button stays")
    #expect(
      Self.press(30, &machine, text: "a").isEmpty && machine.highlight == 1, "a letter does nothing there")
    _ = Self.press(Self.up, &machine)
    #expect(machine.focus == .button(0))
    _ = Self.press(Self.backspace, &machine)
    #expect(machine.focus == .list)
    _ = Self.press(Self.tab, &machine, shift: true)
    #expect(machine.focus == .button(1), "Shift+Tab goes round")
    #expect(Self.press(Self.space, &machine) == [.ended(.cancelled(.cancel))])

    var ok = Self.picklist()
    _ = Self.press(Self.tab, &ok)
    #expect(Self.press(Self.space, &ok) == [.ended(.confirmed([0]))])
  }

  @Test func f12IsOkAndEscCancelsWhereverTheFocusIs() {
    var machine = Self.picklist()
    _ = Self.press(Self.down, &machine)
    _ = Self.press(Self.tab, &machine)
    _ = Self.press(Self.tab, &machine)
    #expect(Self.press(Self.f12, &machine) == [.ended(.confirmed([1]))])
    var other = Self.picklist()
    _ = Self.press(Self.tab, &other)
    #expect(Self.press(Self.escape, &other) == [.ended(.cancelled(.escape))])
  }

  @Test func aRemotesOkPicksAndItsBackCancels() {
    var machine = Self.picklist()
    _ = Self.press(Self.down, &machine)
    #expect(Self.press(0x160, &machine) == [.ended(.confirmed([1]))])
    var other = Self.picklist()
    #expect(Self.press(158, &other) == [.ended(.cancelled(.escape))])
  }
}

/// A picklist under keymenu's keys: a checklist's moves, and the
/// highlighted item (or item N for a digit) is the answer.
@Suite struct PicklistKeymenuKeysTests {
  static func picklist() -> ChoiceListMachine {
    ChoiceListMachine(mode: .pick, marks: [true, false, false])
  }

  @Test func enterSpaceAndOkPickTheHighlightedItemAndNothingIsMarked() {
    var machine = Self.picklist()
    #expect(machine.marked.isEmpty, "a picklist marks nothing")
    _ = machine.handle(key("DOWN"))
    #expect(machine.handle(key("SPACE")).effects == [.ended(.confirmed([1]))])
    var ok = Self.picklist()
    #expect(ok.handle(key("OK")).effects == [.ended(.confirmed([0]))])
  }

  @Test func aDigitPicksItemNAndTheCancelButtonCancels() {
    var machine = Self.picklist()
    #expect(machine.handle(key("2")).effects == [.ended(.confirmed([1]))])
    var cancel = Self.picklist()
    for name in ["TAB", "TAB"] {
      _ = cancel.handle(key(name))
      _ = cancel.handle(key(name, .up))
    }
    #expect(cancel.handle(key("ENTER")).effects == [.ended(.cancelled(.cancel))])
  }
}
