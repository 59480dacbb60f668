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

  /// A press of `code` with `modifiers`, under a layout typing `keysym` when given.
  func press(_ code: UInt16, _ keysym: String? = nil, _ modifiers: ModifierSet = []) -> KeyEvent {
    KeyEvent(
      code: KeyCode(code), name: "KEY", action: .down, modifiers: modifiers, device: DeviceID(1), time: .zero,
      text: keysym.map { $0.count == 1 ? $0 : "" }, keysymName: keysym)
  }

  @Test func aLetterIsTheKeyThatTypesItUnderTheLayout() {
    let a = KeyChord(KeyCode(30))
    let ctrlA = KeyChord(KeyCode(30), [.ctrl])
    #expect(a.matches(press(16, "a")))  // AZERTY: the key marked A is KEY_Q
    #expect(!a.matches(press(30, "q")))
    #expect(ctrlA.matches(press(16, "a", .leftCtrl)))
    #expect(!ctrlA.matches(press(16, "a")))
    #expect(a.matches(press(30, "Cyrillic_ef")))  // another script: the US position
    #expect(a.matches(press(30)))  // no layout: the position
    #expect(!a.matches(press(16)))
    // With AltGr, and for keys that are no letters, the position decides.
    let altGrQ = KeyChord(KeyCode(16), [.altgr])
    #expect(altGrQ.matches(press(16, "at", .altGr)))
    #expect(KeyChord(KeyCode(139)).matches(press(139, "Menu")))
  }
}
