import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuRouting
import Testing

@Suite struct PanicChordTests {
  func event(_ code: KeyCode, _ action: KeyAction = .down, _ modifiers: ModifierSet) -> KeyEvent {
    KeyEvent(code: code, name: "", action: action, modifiers: modifiers, device: DeviceID(1), time: .zero)
  }

  @Test func ctrlAltEscOnEitherSideTriggers() {
    let chord = PanicChord.standard
    #expect(chord.isTriggered(by: event(.escape, .down, [.leftCtrl, .leftAlt])))
    #expect(chord.isTriggered(by: event(.escape, .down, [.rightCtrl, .altGr])))
    #expect(chord.isTriggered(by: event(.escape, .down, [.leftCtrl, .leftAlt, .leftShift])))
  }

  @Test func partialChordsReleasesAndRepeatsDoNot() {
    let chord = PanicChord.standard
    #expect(!chord.isTriggered(by: event(.escape, .down, [.leftCtrl])))
    #expect(!chord.isTriggered(by: event(.escape, .down, [.leftAlt])))
    #expect(!chord.isTriggered(by: event(.escape, .down, [])))
    #expect(!chord.isTriggered(by: event(.escape, .up, [.leftCtrl, .leftAlt])))
    #expect(!chord.isTriggered(by: event(.escape, .repeat, [.leftCtrl, .leftAlt])))
    #expect(!chord.isTriggered(by: event(.enter, .down, [.leftCtrl, .leftAlt])))
  }
}

@Suite struct NotificationKeyEventTests {
  /// The panic notification carries the chord's key event; a modal handler
  /// must not read it as a key press.
  @Test func onlyKeyNotificationsHaveAKeyEvent() {
    let event = KeyEvent(
      code: .escape, name: "KEY_ESC", action: .down, modifiers: [], device: DeviceID(1), time: .zero)
    #expect(Notification.key(event).keyEvent == event)
    #expect(Notification(.panic, payload: event).keyEvent == nil)
    #expect(Notification("custom", payload: event).keyEvent == nil)
  }
}
