import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol
import PromptPlugin
import Testing

/// dialog's input box under the `dialog` keys, as docs/COMPAT-KEYS.md
/// measured dialog 1.3: the stops text, OK, Cancel go round both ways
/// (Down and Up too), a button's capital presses it once the text is left.
@Suite struct PromptDialogKeysTests {
  static func run(_ events: [KeyEvent], initial: String = "Pi") -> (PromptMachine, [PromptMachine.Effect]) {
    var machine = PromptMachine(initial: initial, keys: .dialog)
    var effects: [PromptMachine.Effect] = []
    for event in events {
      effects = machine.handle(event).effects
      var up = event
      up.action = .up
      _ = machine.handle(up)
    }
    return (machine, effects)
  }

  static func letter(_ text: String) -> KeyEvent {
    var event = key(text == "c" ? "D" : "A")
    event.text = text
    return event
  }

  @Test func theStopsGoRoundInBothDirections() {
    #expect(Self.run([key("TAB"), key("ENTER")]).1 == [.accepted("Pi")])
    #expect(Self.run([key("TAB"), key("TAB"), key("ENTER")]).1 == [.cancelChosen])
    #expect(
      Self.run([key("TAB"), key("TAB"), key("TAB"), key("ENTER")]).1 == [.accepted("Pi")], "back in the text")
    #expect(Self.run([key("DOWN"), key("ENTER")]).1 == [.accepted("Pi")])
    #expect(Self.run([key("UP"), key("ENTER")]).1 == [.cancelChosen], "Up from the text wraps to Cancel")
    #expect(Self.run([key("TAB", .down, .leftShift), key("ENTER")]).1 == [.cancelChosen])
    #expect(Self.run([key("TAB"), key("RIGHT"), key("RIGHT")]).0.focus == .field, "Right on Cancel wraps")
  }

  @Test func aButtonsCapitalPressesItOnlyOffTheText() {
    #expect(Self.run([key("TAB"), Self.letter("c")]).1 == [.cancelChosen])
    #expect(Self.run([key("TAB"), Self.letter("o")]).1 == [.accepted("Pi")])
    let stayed = Self.run([key("TAB"), Self.letter("x")])
    #expect(!stayed.0.isFinished)
    let typed = Self.run([Self.letter("c"), key("ENTER")])
    #expect(typed.1 == [.accepted("Pic")], "in the text a letter types")
  }
}
