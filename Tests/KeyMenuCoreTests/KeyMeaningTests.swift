import KeyMenuCore
import Testing

@Suite struct KeyMeaningTests {
  @Test func digitsFromNumberRowKeypadAndRemote() {
    #expect(KeyCode(2).digit == 1)
    #expect(KeyCode(10).digit == 9)
    #expect(KeyCode(11).digit == 0)
    #expect(KeyCode(82).digit == 0)
    #expect(KeyCode(79).digit == 1)
    #expect(KeyCode(73).digit == 9)
    #expect(KeyCode(0x200).digit == 0)
    #expect(KeyCode(0x209).digit == 9)
    #expect(KeyCode.enter.digit == nil)
    #expect(KeyCode(74).digit == nil)
  }

  @Test func lettersByKeyName() {
    func event(_ name: String) -> KeyEvent {
      KeyEvent(code: KeyCode(0), name: name, action: .down, modifiers: [], device: DeviceID(1), time: .zero)
    }
    #expect(event("KEY_Q").letter == "q")
    #expect(event("KEY_1").letter == nil)
    #expect(event("KEY_UP").letter == nil)
    #expect(event("BTN_A").letter == nil)
  }

  @Test func lettersByKeyCode() {
    #expect(KeyCode(16).letter == "q")
    #expect(KeyCode(30).letter == "a")
    #expect(KeyCode(38).letter == "l")
    #expect(KeyCode(44).letter == "z")
    #expect(KeyCode(50).letter == "m")
    #expect(KeyCode(39).letter == nil)
    #expect(KeyCode(2).letter == nil)
    #expect(KeyCode(79).isKeypadDigit && KeyCode(0x203).isKeypadDigit && !KeyCode(2).isKeypadDigit)
  }

  /// A press of `code` under a layout that gives `keysym` and `text`.
  func typed(_ code: UInt16, _ keysym: String?, _ text: String?) -> KeyEvent {
    KeyEvent(
      code: KeyCode(code), name: "KEY_X", action: .down, modifiers: [], device: DeviceID(1), time: .zero,
      text: text, keysymName: keysym)
  }

  @Test func theLayoutLetterIsTheLatinLetterTheLayoutTypes() {
    #expect(typed(16, "a", "a").layoutLetter == "a")  // AZERTY: the key at Q types a
    #expect(typed(16, "A", "A").layoutLetter == "a")  // Shift or Caps Lock
    #expect(typed(30, "q", "").layoutLetter == "q")  // Ctrl held: no text, the keysym says q
    #expect(typed(39, "m", "m").layoutLetter == "m")  // AZERTY's m at ;
    #expect(typed(50, "comma", ",").layoutLetter == nil)  // AZERTY's , at M is no letter
    #expect(typed(39, "odiaeresis", "ö").layoutLetter == nil)  // German ö at ; : no position letter
    // A layout of another script: the letter of the US position, as desktop shortcuts do.
    #expect(typed(30, "Cyrillic_ef", "ф").layoutLetter == "a")
    #expect(typed(30, "Cyrillic_ef", "").layoutLetter == "a")
    // No layout: the position.
    let plain = KeyEvent(
      code: KeyCode(16), name: "KEY_Q", action: .down, modifiers: [], device: DeviceID(1), time: .zero)
    #expect(plain.layoutLetter == "q")
  }
}

/// A key event's layout text and keysym name, kept inline in the event.
@Suite struct KeyTypingTests {
  func event(text: String?, keysym: String?) -> KeyEvent {
    KeyEvent(
      code: KeyCode(30), name: "KEY_A", action: .down, modifiers: [], device: DeviceID(1), time: .zero,
      text: text, keysymName: keysym)
  }

  @Test func bothRoundTripAndNilStaysNil() {
    let none = event(text: nil, keysym: nil)
    #expect(none.text == nil && none.keysymName == nil)
    let russian = event(text: "й", keysym: "Cyrillic_shorti")
    #expect(russian.text == "й" && russian.keysymName == "Cyrillic_shorti")
    let release = event(text: "", keysym: nil)
    #expect(release.text == "" && release.keysymName == nil)
    var changed = russian
    changed.text = "Й"
    #expect(changed.text == "Й" && changed.keysymName == "Cyrillic_shorti")
    #expect(changed != russian && event(text: "й", keysym: "Cyrillic_shorti") == russian)
  }

  @Test func theEventStaysSmall() {
    // Every handler copies key events: a larger one showed in keymenu-bench route.
    #expect(MemoryLayout<KeyEvent>.stride <= 56, "\(MemoryLayout<KeyEvent>.stride)")
  }

  @Test func whatDoesNotFitGivesWayKeysymFirst() {
    let greek = event(text: "ΰ", keysym: "Greek_upsilonaccentdieresis")
    #expect(greek.text == "ΰ" && greek.keysymName == nil)
    let long = event(text: String(repeating: "é", count: 8), keysym: "e")
    #expect(long.text == "" && long.keysymName == nil)
    // Known prefixes take one byte: these fit with their text.
    for (keysym, text) in [
      ("dead_circumflex", ""), ("Cyrillic_hardsign", "ъ"), ("ISO_Level3_Shift", ""), ("odiaeresis", "ö"),
      ("XF86AudioMute", ""), ("bracketright", "]"),
    ] {
      let typed = event(text: text, keysym: keysym)
      #expect(typed.text == text && typed.keysymName == keysym, "\(keysym)")
    }
  }
}

@Suite struct SeededRandomTests {
  @Test func sameSeedSameSequenceOtherSeedOtherSequence() {
    var a = SeededRandom(seed: 42)
    var b = SeededRandom(seed: 42)
    var c = SeededRandom(seed: 43)
    let first = (0..<4).map { _ in a.next() }
    #expect(first == (0..<4).map { _ in b.next() })
    #expect(first != (0..<4).map { _ in c.next() })
    #expect(Set(first).count == 4)
  }
}

@Suite struct ConsumedKeysTests {
  @Test func repeatsAndTheReleaseFollowAConsumedDown() {
    func event(_ code: UInt16, _ action: KeyAction) -> KeyEvent {
      KeyEvent(code: KeyCode(code), name: "", action: action, modifiers: [], device: DeviceID(1), time: .zero)
    }
    var keys = ConsumedKeys()
    #expect(keys.follow(event(28, .down)) == nil)
    keys.insert(KeyCode(28))
    #expect(keys.follow(event(28, .repeat)) == true)
    #expect(keys.follow(event(1, .repeat)) == false)
    #expect(keys.follow(event(28, .up)) == true)
    #expect(keys.follow(event(28, .up)) == false)
    var other = ConsumedKeys()
    other.insert(KeyCode(1))
    keys.adopt(other)
    #expect(keys.keys == [KeyCode(1)])
  }
}
