import KeyMenuCore
import KeyMenuLayout
import Testing

/// What keys type under real xkbcommon keymaps (xkb-data).
@Suite struct LayoutTypingTests {
  @Test func usTypesLettersDigitsAndShiftedSymbols() throws {
    let keyboard = try Keyboard("us")
    #expect(keyboard.type([Key.q, Key.w, Key.e, Key.y, Key.z, Key.a]) == "qweyza")
    #expect(keyboard.type([Key.one, Key.two, Key.semicolon]) == "12;")
    #expect(keyboard.type([Key.q, Key.one, Key.two], with: [Key.leftShift]) == "Q!@")
    #expect(keyboard.press(Key.a)?.keysymName == "a")
  }

  @Test func germanSwapsZAndYAndHasUmlautsAndSharpS() throws {
    let keyboard = try Keyboard("de")
    #expect(keyboard.type([Key.y, Key.z]) == "zy")
    #expect(keyboard.press(Key.semicolon)?.text == "ö")
    #expect(keyboard.press(Key.semicolon)?.keysymName == "odiaeresis")
    #expect(keyboard.press(Key.semicolon, with: [Key.leftShift])?.text == "Ö")
    #expect(keyboard.press(Key.minus)?.text == "ß")
  }

  @Test func germanAltGrTypesTheThirdLevel() throws {
    let keyboard = try Keyboard("de")
    let at = keyboard.press(Key.q, with: [Key.rightAlt])
    #expect(at?.text == "@")
    #expect(at?.keysymName == "at")
    #expect(keyboard.press(Key.q)?.text == "q")  // AltGr was released
  }

  @Test func frenchAZERTYMovesLettersAndShiftsDigits() throws {
    let keyboard = try Keyboard("fr")
    #expect(keyboard.type([Key.q, Key.w, Key.a, Key.semicolon]) == "azqm")
    #expect(keyboard.type([Key.one, Key.two]) == "&é")
    #expect(keyboard.type([Key.one, Key.two], with: [Key.leftShift]) == "12")
  }

  @Test func russianTypesCyrillic() throws {
    let keyboard = try Keyboard("ru")
    #expect(keyboard.type([Key.g, Key.h, Key.b, Key.d, Key.t, Key.n]) == "привет")
    #expect(keyboard.press(Key.f, with: [Key.leftShift])?.text == "А")
    #expect(keyboard.press(Key.q)?.keysymName == "Cyrillic_shorti")
  }

  @Test func capsLockCapitalizesLettersOnlyUntilPressedAgain() throws {
    let keyboard = try Keyboard("us")
    keyboard.press(Key.capsLock)
    #expect(keyboard.type([Key.a, Key.one]) == "A1")
    #expect(keyboard.press(Key.a, with: [Key.leftShift])?.text == "a")
    keyboard.press(Key.capsLock)
    #expect(keyboard.type([Key.a]) == "a")
  }

  @Test func aHeldModifierAppliesUntilItsRelease() throws {
    let keyboard = try Keyboard("us")
    keyboard.state.feed(Key.leftShift, .down)
    #expect(keyboard.type([Key.a, Key.b]) == "AB")
    keyboard.state.feed(Key.leftShift, .up)
    #expect(keyboard.type([Key.a]) == "a")
  }

  @Test func repeatsTypeAgainButModifiersDoNotRepeat() throws {
    let keyboard = try Keyboard("de")
    #expect(keyboard.state.feed(Key.semicolon, .down)?.text == "ö")
    #expect(keyboard.state.feed(Key.semicolon, .repeat)?.text == "ö")
    #expect(keyboard.state.feed(Key.semicolon, .up) == nil)
    #expect(keyboard.state.feed(Key.leftShift, .down)?.keysymName == "Shift_L")
    #expect(keyboard.state.feed(Key.leftShift, .repeat) == nil)
  }

  @Test func controlCharactersAreKeysNotText() throws {
    let keyboard = try Keyboard("us")
    let enter = keyboard.press(Key.enter)
    #expect(enter?.text == "")
    #expect(enter?.keysymName == "Return")
    #expect(keyboard.press(Key.backspace)?.keysymName == "BackSpace")
    let ctrlA = keyboard.press(Key.a, with: [Key.leftCtrl])
    #expect(ctrlA?.text == "")
    #expect(ctrlA?.keysymName == "a")
  }

  @Test func resetForgetsHeldKeysAndLocks() throws {
    let keyboard = try Keyboard("us")
    keyboard.press(Key.capsLock)
    keyboard.state.feed(Key.leftShift, .down)
    try keyboard.state.reset()
    #expect(keyboard.type([Key.a]) == "a")
  }

  @Test func eachStateHasItsOwnModifiers() throws {
    let layout = try KeyboardLayout(KeyboardLayoutSpec(layout: "us"), composeLocales: [])
    let first = try LayoutState(layout: layout)
    let second = try LayoutState(layout: layout)
    first.feed(Key.leftShift, .down)
    #expect(first.feed(Key.a, .down)?.text == "A")
    #expect(second.feed(Key.a, .down)?.text == "a")
  }

  @Test func theLayoutNamesItsGroups() throws {
    let layout = try KeyboardLayout(
      KeyboardLayoutSpec(layout: "de", variant: "nodeadkeys"), composeLocales: [])
    #expect(layout.layoutNames == ["German (no dead keys)"])
    #expect(layout.spec.variant == "nodeadkeys")
  }
}
