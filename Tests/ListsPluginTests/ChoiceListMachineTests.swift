import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol
import ListsPlugin
import Testing

/// Key events by evdev name, for the keys these tests press.
func key(_ name: String, _ action: KeyAction = .down, _ modifiers: ModifierSet = []) -> KeyEvent {
  let codes: [String: UInt16] = [
    "ESC": 1, "1": 2, "2": 3, "3": 4, "9": 10, "0": 11, "TAB": 15, "ENTER": 28, "A": 30, "SPACE": 57,
    "F1": 59, "KP1": 79, "KPENTER": 96, "HOME": 102, "UP": 103, "PAGEUP": 104, "LEFT": 105, "RIGHT": 106,
    "END": 107, "DOWN": 108, "PAGEDOWN": 109, "BACK": 158, "EXIT": 174, "OK": 0x160, "SELECT": 0x161,
    "NUMERIC_3": 0x203,
  ]
  return KeyEvent(
    code: KeyCode(codes[name]!), name: "KEY_" + name, action: action, modifiers: modifiers,
    device: DeviceID(1), time: .zero)
}

/// Every key rule of a checklist and a radiolist: moving, marking, digits,
/// the focus between the list and the buttons, the ends, repeats and what
/// passes.
@Suite struct ChoiceListMachineTests {
  /// A checklist of `count` items, none marked.
  static func checklist(_ count: Int = 3, cancelButton: Bool = true) -> ChoiceListMachine {
    ChoiceListMachine(mode: .check, marks: Array(repeating: false, count: count), cancelButton: cancelButton)
  }

  /// Presses keys (each `down` then `up`) and gives the machine and the last `down`'s effects.
  func press(_ names: [String], on start: ChoiceListMachine) -> (
    ChoiceListMachine, [ChoiceListMachine.Effect]
  ) {
    var machine = start
    var effects: [ChoiceListMachine.Effect] = []
    for name in names {
      effects = machine.handle(key(name)).effects
      _ = machine.handle(key(name, .up))
    }
    return (machine, effects)
  }

  @Test func upAndDownDoNotWrapAndDownOnTheLastItemGoesToOK() {
    let start = Self.checklist()
    #expect(press(["UP"], on: start).1 == [], "nothing above the first item")
    var (machine, effects) = press(["DOWN", "DOWN"], on: start)
    #expect(machine.highlight == 2)
    #expect(effects == [.changed])
    (machine, _) = press(["DOWN"], on: machine)
    #expect(machine.focus == .button(0))
    #expect(machine.highlight == 2)
    #expect(press(["DOWN"], on: machine).1 == [], "nothing below the buttons")
    (machine, _) = press(["UP"], on: machine)
    #expect(machine.focus == .list)
    #expect(machine.highlight == 2, "Up on a button goes back to the list where it was")
  }

  @Test func homeEndAndThePageKeysJumpAndClamp() {
    let start = Self.checklist(12)
    var (machine, _) = press(["PAGEDOWN"], on: start)
    #expect(machine.highlight == 5)
    (machine, _) = press(["PAGEDOWN", "PAGEDOWN"], on: machine)
    #expect(machine.highlight == 11)
    (machine, _) = press(["PAGEUP"], on: machine)
    #expect(machine.highlight == 6)
    (machine, _) = press(["HOME"], on: machine)
    #expect(machine.highlight == 0)
    #expect(press(["PAGEUP"], on: machine).1 == [])
    (machine, _) = press(["END"], on: machine)
    #expect(machine.highlight == 11)
  }

  @Test func spaceOKAndSelectToggleTheHighlightedCheckBox() {
    var (machine, effects) = press(["SPACE"], on: Self.checklist())
    #expect(machine.marks == [true, false, false])
    #expect(effects == [.changed])
    (machine, _) = press(["DOWN", "OK", "DOWN", "SELECT"], on: machine)
    #expect(machine.marked == [0, 1, 2])
    (machine, _) = press(["SPACE", "UP", "UP", "OK"], on: machine)
    #expect(machine.marked == [1])
  }

  @Test func aRadioMarkUnmarksTheOtherAndAMarkedItemStaysMarked() {
    let start = ChoiceListMachine(mode: .radio, marks: [false, true, false])
    var (machine, _) = press(["SPACE"], on: start)
    #expect(machine.marks == [true, false, false])
    let (again, effects) = press(["OK"], on: machine)
    #expect(again.marks == [true, false, false])
    #expect(effects == [], "marking the radio choice again changes nothing")
    (machine, _) = press(["3"], on: machine)
    #expect(machine.marks == [false, false, true])
    #expect(machine.highlight == 2)
  }

  @Test func severalInitialRadioMarksKeepTheLastAsWhiptailAndTheHighlightIsClamped() {
    let radio = ChoiceListMachine(mode: .radio, marks: [true, true, false], highlight: 9)
    #expect(radio.marked == [1])
    #expect(radio.highlight == 2)
    let check = ChoiceListMachine(mode: .check, marks: [true, true, false], highlight: -1)
    #expect(check.marked == [0, 1])
    #expect(check.highlight == 0)
  }

  @Test func digitsOfEveryKindHighlightAndToggleItemN() {
    var (machine, _) = press(["2"], on: Self.checklist())
    #expect(machine.highlight == 1)
    #expect(machine.marked == [1])
    (machine, _) = press(["KP1", "NUMERIC_3"], on: machine)
    #expect(machine.marked == [0, 1, 2])
    #expect(machine.highlight == 2)
    (machine, _) = press(["2"], on: machine)
    #expect(machine.marked == [0, 2])
    var consumed = machine
    #expect(consumed.handle(key("9")) == (true, []), "no item 9: consumed, nothing changes")
    #expect(consumed.handle(key("0")) == (true, []))
    var command = machine
    #expect(command.handle(key("1", .down, .leftCtrl)) == (false, []), "Ctrl+1 is a hotkey's")
    #expect(command.marked == [0, 2])
  }

  @Test func enterConfirmsTheMarksInItemOrderAndEscBackExitCancel() {
    for confirm in ["ENTER", "KPENTER"] {
      let (machine, effects) = press(["3", "1", confirm], on: Self.checklist())
      #expect(effects == [.ended(.confirmed([0, 2]))])
      #expect(machine.isFinished)
    }
    for cancel in ["ESC", "BACK", "EXIT"] {
      #expect(press(["SPACE", cancel], on: Self.checklist()).1 == [.ended(.cancelled(.escape))])
      #expect(press(["TAB", "RIGHT", cancel], on: Self.checklist()).1 == [.ended(.cancelled(.escape))])
    }
    let radio = ChoiceListMachine(mode: .radio, marks: [false, false])
    #expect(
      press(["ENTER"], on: radio).1 == [.ended(.confirmed([]))], "a radiolist may end with nothing marked")
  }

  @Test func tabCyclesTheListOKAndCancelAndShiftTabGoesBack() {
    var (machine, _) = press(["TAB"], on: Self.checklist())
    #expect(machine.focus == .button(0))
    (machine, _) = press(["TAB"], on: machine)
    #expect(machine.focus == .button(1))
    (machine, _) = press(["TAB"], on: machine)
    #expect(machine.focus == .list)
    #expect(machine.handle(key("TAB", .down, .leftShift)).effects == [.changed])
    #expect(machine.focus == .button(1))
    let (single, _) = press(["TAB", "TAB"], on: Self.checklist(cancelButton: false))
    #expect(single.focus == .list, "without Cancel: list, OK, list")
  }

  @Test func leftAndRightMoveBetweenTheListAndTheButtons() {
    let start = Self.checklist()
    let (left, nothing) = press(["LEFT"], on: start)
    #expect(nothing == [] && left.focus == .list && left.highlight == 0, "Left in the list does nothing")
    var (machine, _) = press(["RIGHT"], on: start)
    #expect(machine.focus == .button(0))
    (machine, _) = press(["RIGHT"], on: machine)
    #expect(machine.focus == .button(1))
    #expect(press(["RIGHT"], on: machine).1 == [], "no wrapping past Cancel")
    (machine, _) = press(["LEFT", "LEFT"], on: machine)
    #expect(machine.focus == .list)
    let (single, _) = press(["RIGHT", "RIGHT"], on: Self.checklist(cancelButton: false))
    #expect(single.focus == .button(0))
  }

  @Test func enterSpaceOKAndSelectPressTheFocusedButton() {
    for press in ["ENTER", "SPACE", "OK", "SELECT"] {
      #expect(self.press(["2", "RIGHT", press], on: Self.checklist()).1 == [.ended(.confirmed([1]))])
      #expect(
        self.press(["2", "TAB", "TAB", press], on: Self.checklist()).1 == [.ended(.cancelled(.cancel))])
    }
  }

  @Test func listKeysOnAButtonActOnTheListAndBringTheFocusBack() {
    var (machine, _) = press(["RIGHT", "END"], on: Self.checklist())
    #expect(machine.focus == .list)
    #expect(machine.highlight == 2)
    (machine, _) = press(["TAB", "1"], on: machine)
    #expect(machine.focus == .list)
    #expect(machine.highlight == 0)
    #expect(machine.marked == [0])
  }

  @Test func aRemoteMarksWithOKAndConfirmsWithRightThenOK() {
    let radio = ChoiceListMachine(mode: .radio, marks: [true, false, false])
    let (machine, effects) = press(["DOWN", "DOWN", "OK", "RIGHT", "OK"], on: radio)
    #expect(effects == [.ended(.confirmed([2]))])
    #expect(machine.isFinished)
    let (check, _) = press(["OK", "DOWN", "DOWN", "OK", "DOWN"], on: Self.checklist())
    #expect(check.focus == .button(0))
    #expect(press(["OK"], on: check).1 == [.ended(.confirmed([0, 2]))])
  }

  @Test func arrowsRepeatMarksAndEndsDoNotAndUpsAreConsumed() {
    var machine = Self.checklist(9)
    #expect(machine.handle(key("DOWN")) == (true, [.changed]))
    #expect(machine.handle(key("DOWN", .repeat)) == (true, [.changed]))
    #expect(machine.handle(key("DOWN", .up)) == (true, []))
    #expect(machine.highlight == 2)
    _ = machine.handle(key("SPACE"))
    #expect(machine.handle(key("SPACE", .repeat)) == (true, []), "a held Space toggles once")
    _ = machine.handle(key("SPACE", .up))
    #expect(machine.marked == [2])
    #expect(machine.handle(key("F1")) == (false, []))
    #expect(machine.handle(key("A")) == (false, []))
    #expect(machine.handle(key("ENTER", .up)) == (false, []), "an up whose down it never saw passes")
    _ = machine.handle(key("ENTER"))
    #expect(machine.handle(key("ENTER", .repeat)) == (true, []), "a held Enter does not answer twice")
    #expect(machine.handle(key("ENTER", .up)) == (true, []))
    #expect(machine.handle(key("DOWN")) == (false, []), "an ended list takes no more keys")
  }

  @Test func dismissEndsItOnce() {
    var machine = Self.checklist()
    let first = machine.dismiss()
    let second = machine.dismiss()
    #expect(first && !second)
    #expect(machine.handle(key("SPACE")) == (false, []))
  }

  @Test func thePictureHasTheMarksTheHighlightTheTagsAndTheFocusedButton() {
    let picture = ChoiceListPicture(
      kind: "checklist", title: "Services", message: "At boot",
      items: [("ssh", "Secure shell"), (nil, "Printing")], buttons: ["Save", "Back"])
    let (machine, _) = press(["2", "TAB"], on: ChoiceListMachine(mode: .check, marks: [true, false]))
    let snapshot = picture.snapshot(of: machine, id: "checklist-1")
    #expect(snapshot.kind == "checklist")
    #expect(snapshot.id == "checklist-1")
    #expect(snapshot.text == "At boot")
    #expect(
      snapshot.choices
        == ModalPicture.Choices(
          marks: .check,
          items: [
            .init(tag: "ssh", text: "Secure shell", marked: true), .init(text: "Printing", marked: true),
          ],
          highlight: 1))
    #expect(snapshot.buttons == ["Save", "Back"])
    #expect(snapshot.focusedButton == 0)
    #expect(snapshot.cancel == 1)
    let bare = ChoiceListPicture(
      kind: "radiolist", title: "Size", message: nil, items: [("s", "Small")], showTags: false,
      buttons: ["OK"])
    let radio = bare.snapshot(
      of: ChoiceListMachine(mode: .radio, marks: [true], cancelButton: false), id: "r")
    #expect(radio.choices?.marks == .radio)
    #expect(radio.choices?.items == [.init(text: "Small", marked: true)], "tags hidden")
    #expect(radio.buttons == ["OK"])
    #expect(radio.cancel == nil)
    #expect(radio.focusedButton == nil)
  }
}
