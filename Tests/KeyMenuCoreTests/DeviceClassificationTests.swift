import KeyMenuCore
import Testing

@Suite struct DeviceClassificationTests {
  static func codes(_ ranges: ClosedRange<UInt16>...) -> Set<KeyCode> {
    Set(ranges.flatMap { $0.map { KeyCode($0) } })
  }

  @Test func fullKeyboardCounts() {
    let c = DeviceClassification(DeviceCapabilities(keys: Self.codes(1...127)))
    #expect(c.kind == .keyboard)
    #expect(c.isKeyboardLike)
    #expect(c.answerKeys.contains(.enter) && c.answerKeys.contains(.escape))
  }

  @Test func numericKeypadCounts() {
    let keypad: Set<KeyCode> = Set(
      [69, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 96, 98, 55, 14, 15].map { KeyCode($0) })
    let c = DeviceClassification(DeviceCapabilities(keys: keypad))
    #expect(c.kind == .keypad)
    #expect(c.isKeyboardLike)
    #expect(c.answerKeys.contains(.keypadEnter))
    #expect(!c.answerKeys.contains(.enter))
  }

  @Test func remoteWithoutLettersCounts() {
    let remote: Set<KeyCode> = [.ok, .back, .up, .down, .left, .right, .power, KeyCode(0x8b)]
    let c = DeviceClassification(DeviceCapabilities(keys: remote))
    #expect(c.kind == .remote)
    #expect(c.isKeyboardLike)
    #expect(c.answerKeys == [.up, .left, .right, .down, .back, .ok].sorted())
  }

  @Test func powerButtonAloneDoesNotCount() {
    let c = DeviceClassification(DeviceCapabilities(keys: [.power]))
    #expect(c.kind == .other)
    #expect(!c.isKeyboardLike)
    #expect(c.answerKeys.isEmpty)
  }

  @Test func mouseAndTouchpadDoNotCount() {
    let mouse = DeviceClassification(
      DeviceCapabilities(keys: Self.codes(0x110...0x112), hasRelativeAxes: true))
    #expect(mouse.kind == .pointer)
    #expect(!mouse.isKeyboardLike)
    let touchpad = DeviceClassification(
      DeviceCapabilities(keys: [KeyCode(0x110), KeyCode(0x145), KeyCode(0x14a)], hasAbsoluteAxes: true))
    #expect(touchpad.kind == .pointer)
    #expect(!touchpad.isKeyboardLike)
  }

  @Test func explanationNamesKeys() {
    let names = KeyNameTable([(.power, "KEY_POWER"), (.enter, "KEY_ENTER")])
    let power = DeviceCapabilities(keys: [.power])
    #expect(
      DeviceClassification(power).explanation(capabilities: power, names: names)
        == "other, no answer keys (has KEY_POWER)")
    let enter = DeviceCapabilities(keys: [.enter])
    #expect(
      DeviceClassification(enter).explanation(capabilities: enter, names: names)
        == "other with answer keys: KEY_ENTER")
  }
}
