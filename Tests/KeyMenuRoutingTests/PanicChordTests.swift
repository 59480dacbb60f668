import KeyMenuCore
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
