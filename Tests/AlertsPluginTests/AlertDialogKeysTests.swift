import AlertsPlugin
import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol
import Testing

/// dialog's yes/no and message boxes under the `dialog` keys, as
/// docs/COMPAT-KEYS.md measured dialog 1.3: Tab, Right and Left wrap, a
/// button's first capital presses it at once, Space presses.
@Suite struct AlertDialogKeysTests {
  /// A key that types `text` (Space, or a letter's key).
  static func typing(_ name: String, _ text: String) -> KeyEvent {
    let codes: [String: UInt16] = ["SPACE": 57, "Y": 21, "N": 49, "A": 30, "E": 18]
    var event = KeyEvent(
      code: KeyCode(codes[name]!), name: "KEY_" + name, action: .down, modifiers: [], device: DeviceID(1),
      time: .zero)
    event.text = text
    return event
  }

  static func yesNo(defaultButton: Int = 0, buttons: [String] = ["Yes", "No"]) -> AlertMachine {
    AlertMachine(
      Alert(title: "Wipe?", buttons: buttons, cancel: 1, defaultButton: defaultButton, keys: .dialog))
  }

  static func answer(_ machine: inout AlertMachine, _ events: [KeyEvent]) -> Int? {
    for event in events {
      _ = machine.handle(event)
      _ = machine.handle(
        KeyEvent(
          code: event.code, name: event.name, action: .up, modifiers: event.modifiers, device: event.device,
          time: .zero))
    }
    return machine.answer?.button
  }

  @Test func tabRightAndLeftWrapBetweenTheButtons() {
    for keys in [["TAB"], ["RIGHT"], ["LEFT"]] {
      var machine = Self.yesNo()
      #expect(Self.answer(&machine, keys.map { key($0) } + [key("ENTER")]) == 1, "\(keys)")
    }
    var machine = Self.yesNo()
    #expect(Self.answer(&machine, [key("RIGHT"), key("RIGHT"), key("ENTER")]) == 0)
  }

  @Test func aButtonsFirstCapitalPressesItAtOnceInEitherCase() {
    var machine = Self.yesNo(defaultButton: 1)
    #expect(Self.answer(&machine, [Self.typing("Y", "y")]) == 0, "y answers Yes even with No selected")
    machine = Self.yesNo()
    #expect(Self.answer(&machine, [Self.typing("N", "N")]) == 1)
    machine = Self.yesNo(buttons: ["Proceed", "Abort"])
    _ = machine.handle(Self.typing("Y", "y"))
    #expect(machine.answer == nil, "no button's capital is Y")
    #expect(Self.answer(&machine, [Self.typing("A", "a")]) == 1)
    machine = Self.yesNo(buttons: ["Install IPv6 ONLY", "Exit"])
    #expect(Self.answer(&machine, [Self.typing("E", "e")]) == 1)
  }

  @Test func spacePressesAndDigitsDoNothing() {
    var machine = Self.yesNo()
    _ = Self.answer(&machine, [key("1"), key("TAB")])
    #expect(machine.answer == nil)
    #expect(Self.answer(&machine, [Self.typing("SPACE", " ")]) == 1)
  }

  @Test func hotkeysAreTheFirstCapitalNoEarlierButtonTook() {
    #expect(DialogKeys.dialogHotkeys(["OK", "Cancel", "Help"]) == ["O", "C", "H"])
    #expect(DialogKeys.dialogHotkeys(["Yes", "Yet", "later"]) == ["Y", nil, nil])
    #expect(DialogKeys.dialogButton(typed: "c", titles: ["OK", "Cancel"]) == 1)
  }
}
