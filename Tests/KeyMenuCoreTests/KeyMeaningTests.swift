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
