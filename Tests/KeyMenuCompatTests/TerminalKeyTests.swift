import KeyMenuCompat
import Testing

/// Keys typed on the script's terminal, as the chords keymenu-whiptail
/// presses on its box (`modal.press`).
struct TerminalKeyTests {
  func chords(_ text: String) -> [String] { TerminalKey.decode(Array(text.utf8)).map(\.chord) }

  @Test func enterEscTabAndBackspace() {
    #expect(chords("\r") == ["KEY_ENTER"])
    #expect(chords("\n") == ["KEY_ENTER"])
    #expect(chords("\u{1B}") == ["KEY_ESC"])
    #expect(chords("\u{1B}\u{1B}") == ["KEY_ESC", "KEY_ESC"])
    #expect(chords("\t") == ["KEY_TAB"])
    #expect(chords("\u{7F}\u{08}") == ["KEY_BACKSPACE", "KEY_BACKSPACE"])
  }

  @Test func lettersDigitsAndPunctuationByUSPositionWithShift() {
    #expect(chords("aZ 7") == ["KEY_A", "shift+KEY_Z", "KEY_SPACE", "KEY_7"])
    #expect(
      chords("!-_?~") == [
        "shift+KEY_1", "KEY_MINUS", "shift+KEY_MINUS", "shift+KEY_SLASH", "shift+KEY_GRAVE",
      ])
    #expect(chords("\u{03}") == ["ctrl+KEY_C"])
    #expect(TerminalKey.decode(Array("aZ-".utf8)).map(\.text) == ["a", "Z", "-"])
    #expect(
      TerminalKey.decode(Array("é!".utf8)) == [
        TerminalKey("KEY_UNKNOWN", text: "é"), TerminalKey("shift+KEY_1", text: "!"),
      ])
    #expect(TerminalKey.decode([0xC3]) == [], "a cut character is not sent")
    #expect(TerminalKey.decode(Array("\u{1B}[A\t".utf8)).map(\.text) == [nil, nil], "keys that type nothing")
  }

  @Test func escapeSequencesOfXtermAndTmux() {
    #expect(chords("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == ["KEY_UP", "KEY_DOWN", "KEY_RIGHT", "KEY_LEFT"])
    #expect(chords("\u{1B}OA\r") == ["KEY_UP", "KEY_ENTER"])
    #expect(chords("\u{1B}[Z") == ["shift+KEY_TAB"])
    #expect(chords("\u{1B}[1~\u{1B}[4~\u{1B}[H\u{1B}OF") == ["KEY_HOME", "KEY_END", "KEY_HOME", "KEY_END"])
    #expect(chords("\u{1B}[3~\u{1B}[5~\u{1B}[6~") == ["KEY_DELETE", "KEY_PAGEUP", "KEY_PAGEDOWN"])
    #expect(chords("\u{1B}[15~\u{1B}OP") == ["KEY_F5", "KEY_F1"])
    #expect(chords("\u{1B}[1;2A\u{1B}[1;5C") == ["shift+KEY_UP", "ctrl+KEY_RIGHT"])
    #expect(chords("\u{1B}x") == ["alt+KEY_X"])
    #expect(chords("\u{1B}[99~x") == ["KEY_X"], "an unknown sequence is dropped whole")
    #expect(chords("\u{1B}[") == [], "a cut sequence is dropped")
  }
}
