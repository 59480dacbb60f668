import AlertsPlugin
import KeyMenuCore
import KeyMenuPluginAPI
import Testing

/// Key events by name, for the few keys these tests press.
func key(_ name: String, _ action: KeyAction = .down, _ modifiers: ModifierSet = []) -> KeyEvent {
  let codes: [String: UInt16] = [
    "ESC": 1, "1": 2, "2": 3, "9": 10, "TAB": 15, "Y": 21, "S": 31, "N": 49, "ENTER": 28, "KPENTER": 96,
    "LEFT": 105, "RIGHT": 106, "BACK": 158, "EXIT": 174, "OK": 0x160, "SELECT": 0x161, "KP2": 80,
    "NUMERIC_3": 0x203, "F1": 59,
  ]
  return KeyEvent(
    code: KeyCode(codes[name]!), name: "KEY_" + name, action: action, modifiers: modifiers,
    device: DeviceID(1),
    time: .zero)
}

@Suite struct AlertMachineTests {
  /// The answer names the device whose key gave it; a client's
  /// `modal.press` (a synthetic key) names none.
  @Test func theAnswerNamesTheDeviceWhoseKeyGaveIt() {
    var remote = AlertMachine(question)
    let ok = KeyEvent(
      code: KeyCode(0x160), name: "KEY_OK", action: .down, modifiers: [], device: DeviceID(7), time: .zero)
    #expect(
      remote.handle(ok).effects == [
        .answer(AlertAnswer(button: 1, title: "Shut down", reason: .key, device: 7))
      ])
    #expect(remote.answer?.device == 7)
    var client = AlertMachine(question)
    var pressed = ok
    pressed.isSynthetic = true
    #expect(
      client.handle(pressed).effects == [.answer(AlertAnswer(button: 1, title: "Shut down", reason: .key))])
  }

  let question = Alert(title: "Shut down now?", buttons: ["Cancel", "Shut down"], cancel: 0)

  func answer(_ alert: Alert, _ keys: [KeyEvent]) -> (AlertAnswer?, [Bool]) {
    var machine = AlertMachine(alert)
    let consumed = keys.map { machine.handle($0).consumed }
    return (machine.answer, consumed)
  }

  @Test func escPicksCancelAndEnterPicksTheDefaultLastButton() {
    #expect(
      answer(question, [key("ESC")]).0 == AlertAnswer(button: 0, title: "Cancel", reason: .escape, device: 1))
    #expect(
      answer(question, [key("BACK")]).0 == AlertAnswer(button: 0, title: "Cancel", reason: .escape, device: 1)
    )
    #expect(
      answer(question, [key("LEFT"), key("ENTER")]).0
        == AlertAnswer(button: 0, title: "Cancel", reason: .key, device: 1)
    )
    #expect(
      answer(question, [key("ENTER")]).0
        == AlertAnswer(button: 1, title: "Shut down", reason: .key, device: 1))
  }

  @Test(arguments: ["ESC", "BACK", "EXIT"])
  func remoteCancelKeys(_ name: String) {
    #expect(answer(question, [key(name)]).0?.button == 0)
  }

  @Test(arguments: ["ENTER", "KPENTER", "OK", "SELECT"])
  func acceptKeysPickTheFocusedButton(_ name: String) {
    #expect(answer(question, [key("LEFT"), key(name)]).0?.button == 0)
  }

  @Test func withoutACancelButtonEscDoesNothing() {
    let info = Alert(title: "Done", buttons: ["OK"])
    var machine = AlertMachine(info)
    #expect(machine.handle(key("ESC")) == (true, []))
    #expect(machine.answer == nil)
    #expect(
      machine.handle(key("ENTER")).effects == [
        .answer(AlertAnswer(button: 0, title: "OK", reason: .key, device: 1))
      ])
  }

  @Test func focusMovesWithArrowsAndTabs() {
    var machine = AlertMachine(Alert(title: "Pick", buttons: ["A", "B", "C"]))
    #expect(machine.focus == 2)
    #expect(machine.handle(key("RIGHT")).effects == [])
    #expect(machine.handle(key("LEFT")).effects == [.focus(1)])
    #expect(machine.handle(key("LEFT", .repeat)).effects == [.focus(0)])
    #expect(machine.handle(key("TAB")).effects == [.focus(1)])
    #expect(machine.handle(key("TAB", .down, .leftShift)).effects == [.focus(0)])
    #expect(machine.handle(key("TAB", .down, .rightShift)).effects == [.focus(2)])
    #expect(machine.handle(key("TAB")).effects == [.focus(0)])
  }

  @Test func digitsPickButtonN() {
    let three = Alert(title: "Pick", buttons: ["A", "B", "C"])
    #expect(answer(three, [key("1")]).0?.button == 0)
    #expect(answer(three, [key("KP2")]).0?.button == 1)
    #expect(answer(three, [key("NUMERIC_3")]).0?.button == 2)
    let (none, consumed) = answer(three, [key("9")])
    #expect(none == nil && consumed == [true])
  }

  @Test func aUniqueFirstLetterPicksItsButton() {
    let yesNo = Alert(title: "Save?", buttons: ["Yes", "No"])
    #expect(answer(yesNo, [key("N")]).0?.title == "No")
    #expect(answer(yesNo, [key("Y")]).0?.title == "Yes")
    let ambiguous = Alert(title: "Which?", buttons: ["Save", "Skip"])
    let (result, consumed) = answer(ambiguous, [key("S")])
    #expect(result == nil && consumed == [false])
  }

  /// A press of the key at `name` whose layout types `text` (keysym `keysym`).
  func typed(_ name: String, _ text: String, _ keysym: String, _ modifiers: ModifierSet = []) -> KeyEvent {
    var event = key(name, .down, modifiers)
    event.text = text
    event.keysymName = keysym
    return event
  }

  @Test func theFirstLetterIsWhatTheLayoutTypes() {
    let russian = Alert(title: "Сохранить?", buttons: ["Нет", "Да"])
    #expect(answer(russian, [typed("Y", "н", "Cyrillic_en")]).0?.title == "Нет")
    #expect(answer(russian, [typed("Y", "Н", "Cyrillic_EN")]).0?.title == "Нет")
    #expect(answer(russian, [typed("N", "т", "Cyrillic_te")]).0 == nil)
    let yesNo = Alert(title: "Save?", buttons: ["Yes", "No"])
    // German QWERTZ: the key at Y types z, which no button starts with.
    #expect(answer(yesNo, [typed("Y", "z", "z")]).0 == nil)
    #expect(answer(yesNo, [typed("S", "y", "y")]).0?.title == "Yes")
    // With Ctrl the layout types nothing: the letter the key's keysym names.
    #expect(answer(yesNo, [typed("S", "", "n", .leftCtrl)]).0?.title == "No")
  }

  @Test func theMatchingUpIsConsumedEvenAfterTheAnswerAndOthersPass() {
    var machine = AlertMachine(question)
    #expect(machine.handle(key("F1")).consumed == false)
    #expect(machine.handle(key("ENTER")).consumed)
    #expect(machine.consumedKeys.keys == [KeyCode(28)])
    #expect(machine.handle(key("ENTER", .repeat)) == (true, []))
    #expect(machine.handle(key("ESC")).consumed == false)
    #expect(machine.handle(key("ENTER", .up)).consumed)
    #expect(machine.handle(key("F1", .up)).consumed == false)
    #expect(machine.consumedKeys.keys.isEmpty)
  }

  @Test func timeoutPicksCancelOrNothing() {
    var withCancel = AlertMachine(question)
    #expect(withCancel.timeOut() == AlertAnswer(button: 0, title: "Cancel", reason: .timeout))
    #expect(withCancel.handle(key("ENTER")).consumed == false)
    var withoutCancel = AlertMachine(Alert(title: "Note", timeout: .seconds(5)))
    #expect(withoutCancel.timeOut() == AlertAnswer(button: nil, title: nil, reason: .timeout))
  }

  @Test func dismissAnswersOnceWithNoButton() {
    var machine = AlertMachine(question)
    #expect(machine.dismiss() == AlertAnswer(button: nil, title: nil, reason: .dismissed))
    #expect(machine.dismiss() == nil)
    #expect(machine.timeOut() == nil)
  }

  @Test func alertsClampTheirIndexes() {
    let odd = Alert(title: "x", buttons: [], cancel: 5, defaultButton: 9)
    #expect(odd.buttons == ["OK"])
    #expect(odd.cancel == nil)
    #expect(odd.defaultButton == 0)
  }
}
