import KeyMenuCore
import KeyMenuLayout
import Testing

/// Dead keys and compose sequences, through xkbcommon's compose tables
/// (libx11-data's /usr/share/X11/locale).
@Suite struct DeadKeyAndComposeTests {
  @Test func germanDeadCircumflexThenOTypesOCircumflex() throws {
    let keyboard = try Keyboard("de")
    let dead = keyboard.press(Key.grave)
    #expect(dead?.keysymName == "dead_circumflex")
    #expect(dead?.text == "")
    #expect(dead?.compose == .composing)
    let o = keyboard.press(Key.o)
    #expect(o?.text == "ô")
    #expect(o?.compose == .composed)
    #expect(keyboard.type([Key.o]) == "o")  // the sequence is over
  }

  @Test func shiftInsideASequenceKeepsItGoing() throws {
    let keyboard = try Keyboard("de")
    keyboard.press(Key.grave)
    #expect(keyboard.press(Key.o, with: [Key.leftShift])?.text == "Ô")
  }

  @Test func germanWithoutDeadKeysTypesTheCircumflexAtOnce() throws {
    let keyboard = try Keyboard("de", variant: "nodeadkeys")
    let caret = keyboard.press(Key.grave)
    #expect(caret?.keysymName == "asciicircum")
    #expect(caret?.text == "^")
    #expect(caret?.compose == .nothing)
    #expect(keyboard.type([Key.o]) == "o")
  }

  @Test func theComposeKeyTypesAccentedLetters() throws {
    let keyboard = try Keyboard("us", options: "compose:ralt")
    #expect(keyboard.state.composes)
    #expect(keyboard.press(Key.rightAlt)?.keysymName == "Multi_key")
    #expect(keyboard.press(Key.apostrophe)?.compose == .composing)
    let e = keyboard.press(Key.e)
    #expect(e?.text == "é")
    #expect(e?.compose == .composed)
    #expect(e?.keysymName == "e")
  }

  @Test func aKeyThatEndsNoSequenceCancelsIt() throws {
    let keyboard = try Keyboard("us", options: "compose:ralt")
    keyboard.press(Key.rightAlt)
    keyboard.press(Key.apostrophe)
    let cancelled = keyboard.press(Key.one, with: [Key.leftShift])  // ' then ! composes nothing
    #expect(cancelled?.compose == .cancelled)
    #expect(cancelled?.text == "")
    #expect(keyboard.type([Key.e]) == "e")
  }

  @Test func withoutAComposeTableTypingStillWorks() throws {
    let keyboard = try Keyboard("de", composeLocales: [])
    #expect(!keyboard.state.composes)
    #expect(keyboard.state.layout.composeLocale == nil)
    #expect(keyboard.press(Key.grave)?.text == "")  // a dead key alone types nothing
    #expect(keyboard.type([Key.o, Key.semicolon]) == "oö")
  }

  @Test func aLocaleWithoutATableFallsBackToTheNext() throws {
    let layout = try KeyboardLayout(
      KeyboardLayoutSpec(layout: "us"), composeLocales: ["xx_XX.UTF-8", "C.UTF-8"])
    #expect(layout.composeLocale == "C.UTF-8")
  }

  @Test func composeLocalesComeFromTheEnvironmentThenTheFallbacks() {
    #expect(
      ComposeLocale.candidates(environment: ["LANG": "de_DE.UTF-8"]) == [
        "de_DE.UTF-8", "C.UTF-8", "en_US.UTF-8",
      ])
    #expect(
      ComposeLocale.candidates(environment: ["LC_ALL": "", "LC_CTYPE": "fr_FR.utf8", "LANG": "de_DE.UTF-8"])
        == [
          "fr_FR.utf8", "C.UTF-8", "en_US.UTF-8",
        ])
    #expect(ComposeLocale.candidates(environment: ["LC_ALL": "C"]) == ["C.UTF-8", "en_US.UTF-8"])
    #expect(
      ComposeLocale.candidates(environment: ["LANG": "de_DE.ISO-8859-1"]) == ["C.UTF-8", "en_US.UTF-8"])
    #expect(ComposeLocale.candidates(environment: ["LANG": "C.UTF-8"]) == ["C.UTF-8", "en_US.UTF-8"])
    #expect(ComposeLocale.candidates(environment: [:]) == ["C.UTF-8", "en_US.UTF-8"])
  }
}
