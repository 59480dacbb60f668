import KeyMenuCore
import KeyMenuPluginAPI
import Testing

@Suite struct KeyChordParsingTests {
  let names = KeyNameTable([(KeyCode(50), "KEY_M"), (KeyCode(139), "KEY_MENU")])

  @Test func modifiersThenAKeyInAnyCase() throws {
    #expect(try KeyChord.parse("ctrl+alt+m", names: names) == KeyChord(KeyCode(50), [.ctrl, .alt]))
    #expect(try KeyChord.parse("Shift+AltGr+KEY_M", names: names) == KeyChord(KeyCode(50), [.shift, .altgr]))
    #expect(try KeyChord.parse("KEY_MENU", names: names) == KeyChord(KeyCode(139)))
  }

  @Test(arguments: [
    ("", KeyChord.ParseError.Reason.empty),
    ("ctrl+", .emptyPart),
    ("ctrl++m", .emptyPart),
    ("ctrl+foo", .unknownKey("foo")),
    ("hyper+m", .unknownModifier("hyper")),
  ])
  func badChordsSayWhy(text: String, reason: KeyChord.ParseError.Reason) {
    #expect(throws: KeyChord.ParseError(text: text, reason: reason)) {
      try KeyChord.parse(text, names: names)
    }
  }
}
