import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol
import PromptPlugin
import Testing

/// The focus of a prompt, as in whiptail's input box: Tab walks field →
/// OK → Cancel → field, the arrows move between the buttons, and a button
/// pressed answers (OK the text, Cancel apart from Esc).
@Suite struct PromptFocusTests {
  /// Presses each key (down and up) and gives the machine and every effect.
  func press(
    _ names: [String], into start: PromptMachine = PromptMachine(initial: "init"), shift: Bool = false
  )
    -> (PromptMachine, [PromptMachine.Effect])
  {
    var machine = start
    var effects: [PromptMachine.Effect] = []
    for name in names {
      effects += machine.handle(key(name, .down, shift ? .leftShift : [])).effects
      effects += machine.handle(key(name, .up)).effects
    }
    return (machine, effects)
  }

  @Test func tabWalksFieldOKCancelAndBackAndShiftTabTheOtherWay() {
    var machine = PromptMachine()
    #expect(machine.focus == .field)
    #expect(machine.handle(key("TAB")) == (true, [.edited]))
    #expect(machine.focus == .button(0))
    _ = machine.handle(key("TAB", .up))
    #expect(press(["TAB", "TAB"]).0.focus == .button(1))
    #expect(press(["TAB", "TAB", "TAB"]).0.focus == .field)
    #expect(press(["TAB"], shift: true).0.focus == .button(1))
    #expect(press(["TAB", "TAB"], shift: true).0.focus == .button(0))
  }

  @Test func enterOrSpaceOnAButtonPressesItAndEscIsNotCancel() {
    #expect(press(["TAB", "ENTER"]).1.last == .accepted("init"))
    #expect(press(["TAB", "TAB", "ENTER"]).1.last == .cancelChosen)
    #expect(press(["TAB", "TAB", "SPACE"]).1.last == .cancelChosen)
    #expect(press(["TAB", "SPACE"]).1.last == .accepted("init"))
    #expect(press(["TAB", "TAB", "OK"]).1.last == .cancelChosen, "a remote's OK presses the focused button")
    #expect(press(["TAB", "TAB", "ESC"]).1.last == .cancelled, "Esc on Cancel is still Esc")
    #expect(press(["SPACE", "ENTER"]).1.last == .accepted("init "), "Space in the field types")
  }

  @Test func arrowsMoveBetweenStopsWithoutWrappingAsWhiptail() {
    // Measured on whiptail 0.52.23: Down from the field goes to OK, Right
    // and Down stop at Cancel, Left and Up go back one stop, to the field from OK.
    #expect(press(["DOWN"]).0.focus == .button(0))
    #expect(press(["DOWN", "RIGHT"]).0.focus == .button(1))
    #expect(press(["DOWN", "DOWN", "DOWN", "RIGHT"]).0.focus == .button(1))
    #expect(press(["TAB", "TAB", "LEFT"]).0.focus == .button(0))
    #expect(press(["TAB", "TAB", "UP"]).0.focus == .button(0))
    #expect(press(["TAB", "LEFT"]).0.focus == .field)
    #expect(press(["TAB", "UP"]).0.focus == .field)
    let (field, _) = press(["LEFT", "UP"])
    #expect(field.focus == .field && field.cursor == 3, "in the field Left moves the cursor, Up passes")
  }

  @Test func typingOnAButtonDoesNothingAndTypingBackInTheFieldGoesOn() {
    let (machine, effects) = press(["TAB", "A", "BACKSPACE", "TAB", "TAB", "A", "ENTER"])
    #expect(effects.last == .accepted("inita"))
    #expect(machine.isFinished)
    var onButton = press(["TAB"]).0
    #expect(onButton.handle(key("A")) == (true, []), "consumed, as whiptail ignores it")
    #expect(onButton.handle(key("F1")) == (false, []), "keys a prompt never takes still pass")
  }

  @Test func withoutACancelButtonTabGoesBetweenTheFieldAndOK() {
    let start = PromptMachine(initial: "42", cancelButton: false)
    #expect(press(["TAB"], into: start).0.focus == .button(0))
    #expect(press(["TAB", "TAB"], into: start).0.focus == .field)
    #expect(press(["TAB", "RIGHT", "ENTER"], into: start).1.last == .accepted("42"))
    #expect(press(["ESC"], into: start).1.last == .cancelled)
  }

  @Test func theSnapshotShowsTheButtonsTitlesAndTheFocus() {
    let (machine, _) = press(["TAB", "TAB"])
    let snapshot = machine.snapshot(id: "prompt-1", title: "Host?", message: nil, buttons: ["Save", "Skip"])
    #expect(snapshot.buttons == ["Save", "Skip"])
    #expect(snapshot.focusedButton == 1)
    #expect(snapshot.cancel == 1)
    let lone = PromptMachine(cancelButton: false).snapshot(id: "prompt-2", title: "Code?", message: nil)
    #expect(lone.buttons == ["OK"] && lone.cancel == nil && lone.focusedButton == nil)
  }

  @Test func aHeldTabWalksOnAndAHeldEnterOnAButtonAnswersOnce() {
    var machine = PromptMachine()
    _ = machine.handle(key("TAB"))
    #expect(machine.handle(key("TAB", .repeat)) == (true, [.edited]))
    #expect(machine.focus == .button(1))
    _ = machine.handle(key("TAB", .up))
    #expect(machine.handle(key("ENTER")) == (true, [.cancelChosen]))
    #expect(machine.handle(key("ENTER", .repeat)) == (true, []))
  }
}
