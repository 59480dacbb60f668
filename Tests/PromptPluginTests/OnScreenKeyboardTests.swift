import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol
import PromptPlugin
import Testing

/// The on-screen keyboard alone and in a prompt: layers, moves that wrap,
/// and a password with a capital, a digit and a symbol typed with arrows
/// and OK only.
@Suite struct OnScreenKeyboardTests {
  @Test func everyPrintableASCIICharacterIsOnSomeLayer() {
    let labels = Set(
      [OnScreenKeyboard.Layer.small, .capitals, .symbols].flatMap { OnScreenKeyboard.rows($0).joined() })
    for value in UInt8(0x21)...UInt8(0x7e) {
      #expect(labels.contains(String(UnicodeScalar(value))), "missing \(UnicodeScalar(value))")
    }
  }

  @Test func arrowsWrapAndKeepTheColumnAsFarAsTheRowReaches() {
    var keyboard = OnScreenKeyboard()
    let moved = keyboard.move(.left)
    #expect(moved && keyboard.column == 9)
    for _ in 1...3 { _ = keyboard.move(.down) }
    #expect(keyboard.row == 3 && keyboard.column == 4)  // the control row has 5 keys
    _ = keyboard.move(.down)
    #expect(keyboard.row == 0)
    let ok = keyboard.move(.ok)
    #expect(!ok)
  }

  @Test func shiftAndTheSymbolsSwitchLayers() {
    var keyboard = OnScreenKeyboard()
    _ = keyboard.move(.up)
    var pressed = keyboard.press()
    #expect(pressed == .switched && keyboard.layer == .capitals)
    _ = keyboard.move(.down)
    pressed = keyboard.press()
    #expect(pressed == .type("A"))
    _ = keyboard.move(.up)
    _ = keyboard.move(.right)
    pressed = keyboard.press()
    #expect(pressed == .switched && keyboard.layer == .symbols)
    #expect(keyboard.row == 5 && keyboard.column == 0)
    _ = keyboard.move(.left)
    pressed = keyboard.press()
    #expect(pressed == .done)
  }

  /// A remote's key event (device 5).
  func remote(_ code: KeyCode, _ action: KeyAction = .down) -> KeyEvent {
    KeyEvent(
      code: code, name: "KEY_\(code.rawValue)", action: action, modifiers: [], device: DeviceID(5),
      time: .zero)
  }

  @Test func aRemoteTypesAPasswordWithACapitalADigitAndASymbol() {
    var machine = PromptMachine(masked: true, devicesWithoutLetters: [DeviceID(5)], lettersAttached: false)
    #expect(machine.keyboard != nil)
    var answer: [PromptMachine.Effect] = []
    for code: KeyCode in [
      .up, .ok, .down, .ok,  // shift, A
      .up, .ok, .down, .right, .ok,  // shift back, b
      .up, .ok, .down, .ok,  // 123, 1
      .down, .ok,  // !
      .up, .up, .left, .ok,  // done
    ] {
      answer = machine.handle(remote(code)).effects
      _ = machine.handle(remote(code, .up))
    }
    #expect(answer == [.accepted("Ab1!")])
    let picture = machine.snapshot(id: "prompt-1", title: "Wi-Fi", message: nil)
    #expect(picture.field?.shown == "••••")
  }

  @Test func inAutoModeARemotesArrowBringsTheKeyboardUpAndNeverModeDoesNot() {
    var machine = PromptMachine(devicesWithoutLetters: [DeviceID(5)])
    #expect(machine.keyboard == nil)
    let shown = machine.handle(remote(.down))
    #expect(shown == (true, [.edited]))
    #expect(machine.keyboard != nil)
    let picture = machine.snapshot(id: "p", title: "t", message: nil)
    #expect(picture.keyboard?.rows.first?.first == "a" && picture.keyboard?.row == 0)
    // A keyboard's arrows move the cursor; a remote's OK with no keyboard accepts (a PIN).
    var pin = PromptMachine(initial: "12", devicesWithoutLetters: [DeviceID(5)])
    let accepted = pin.handle(remote(.ok)).effects
    #expect(accepted == [.accepted("12")])
    var never = PromptMachine(keyboard: .never, devicesWithoutLetters: [DeviceID(5)], lettersAttached: false)
    #expect(never.keyboard == nil)
    _ = never.handle(remote(.down))
    // No keyboard: Down goes from the field to the OK button, as on a keyboard.
    #expect(never.keyboard == nil && never.focus == .button(0))
    #expect(PromptMachine(keyboard: .always).keyboard != nil)
  }
}

@Suite struct OnScreenKeyboardDeviceTests {
  @Test func theKeyboardComesUpWhenOnlyDevicesWithoutLettersAreLeft() {
    var machine = PromptMachine(devicesWithoutLetters: [DeviceID(5)], lettersAttached: true)
    #expect(machine.keyboard == nil)
    let stillLetters = machine.devicesChanged(withoutLetters: [DeviceID(5)], lettersAttached: true)
    #expect(!stillLetters && machine.keyboard == nil)
    let onlyRemote = machine.devicesChanged(withoutLetters: [DeviceID(5)], lettersAttached: false)
    #expect(onlyRemote && machine.keyboard != nil)
  }
}
