import KeyMenuCore
import Testing

/// A gamepad as a remote: its buttons, hat and stick through the standard
/// table into the key events the decoder sees, with the repeats a keyboard's
/// autorepeat would make. The clock is given, so the timing rules are exact.
@Suite struct GamepadTranslatorTests {
  static let start = ContinuousClock.now
  static let stick = GamepadTranslator.AxisRange(minimum: -32768, maximum: 32767)
  var translator = GamepadTranslator(
    mapping: .standard,
    stickRanges: [GamepadTranslator.stickX: Self.stick, GamepadTranslator.stickY: Self.stick])
  let names = KeyNameTable([
    (KeyCode.ok, "KEY_OK"), (.back, "KEY_BACK"), (.menu, "KEY_MENU"), (.up, "KEY_UP"), (.down, "KEY_DOWN"),
    (.left, "KEY_LEFT"), (.right, "KEY_RIGHT"), (KeyCode(2), "KEY_1"),
  ])

  static func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }
  static let time = KernelTime(seconds: 1, microseconds: 0)

  static func button(_ code: KeyCode, _ value: Int32) -> [RawEvent] {
    [.key(code, value, at: time), .report(at: time)]
  }

  static func axis(_ code: UInt16, _ value: Int32) -> [RawEvent] {
    [RawEvent(time: time, type: GamepadTranslator.absoluteType, code: code, value: value), .report(at: time)]
  }

  /// What the translated events say, one word per key event: `KEY_OK 1`.
  mutating func feed(_ events: [RawEvent], at milliseconds: Int = 0) -> [String] {
    var output: [RawEvent] = []
    translator.translate(events, at: Self.at(milliseconds), into: &output)
    return describe(output)
  }

  func describe(_ events: [RawEvent]) -> [String] {
    events.filter { $0.type == RawEvent.keyType }.map { "\(names.name(of: KeyCode($0.code))) \($0.value)" }
  }

  @Test mutating func buttonsSendTheirKeysAndOtherGamepadButtonsNothing() {
    #expect(feed(Self.button(.buttonSouth, 1)) == ["KEY_OK 1"])
    #expect(feed(Self.button(.buttonSouth, 0)) == ["KEY_OK 0"])
    #expect(feed(Self.button(.buttonEast, 1) + Self.button(.buttonEast, 0)) == ["KEY_BACK 1", "KEY_BACK 0"])
    #expect(feed(Self.button(.buttonStart, 1)) == ["KEY_MENU 1"])
    // BTN_WEST (X) is in no table: nothing; a keyboard key on the device passes as it is.
    #expect(feed(Self.button(KeyCode(0x134), 1) + Self.button(KeyCode(0x134), 0)).isEmpty)
    #expect(feed(Self.button(KeyCode(2), 1)) == ["KEY_1 1"])
  }

  @Test mutating func theFrameStaysWhole() {
    var output: [RawEvent] = []
    translator.translate(Self.axis(GamepadTranslator.hatY, 1), at: Self.at(0), into: &output)
    #expect(
      output.map(\.type) == [RawEvent.keyType, RawEvent.synType], "the key comes before its SYN_REPORT")
  }

  @Test mutating func theHatPressesAndReleasesItsDirections() {
    #expect(feed(Self.axis(GamepadTranslator.hatY, 1)) == ["KEY_DOWN 1"])
    #expect(feed(Self.axis(GamepadTranslator.hatY, 0)) == ["KEY_DOWN 0"])
    #expect(feed(Self.axis(GamepadTranslator.hatX, -1)) == ["KEY_LEFT 1"])
    // Rolled straight over to the other side: the old direction lets go first.
    #expect(feed(Self.axis(GamepadTranslator.hatX, 1)) == ["KEY_LEFT 0", "KEY_RIGHT 1"])
    #expect(feed(Self.axis(GamepadTranslator.hatY, -1)) == ["KEY_UP 1"], "a diagonal holds both")
  }

  @Test mutating func theStickLeansPastItsDeadZoneAndLetsGoAtHalfOfIt() {
    #expect(feed(Self.axis(GamepadTranslator.stickY, 12_000)).isEmpty, "inside the dead zone (0.37)")
    #expect(feed(Self.axis(GamepadTranslator.stickY, 20_000)) == ["KEY_DOWN 1"])
    #expect(feed(Self.axis(GamepadTranslator.stickY, 12_000)).isEmpty, "still past half the dead zone")
    #expect(feed(Self.axis(GamepadTranslator.stickY, 6_000)) == ["KEY_DOWN 0"])
    #expect(feed(Self.axis(GamepadTranslator.stickX, -30_000)) == ["KEY_LEFT 1"])
  }

  @Test mutating func aKeyHeldByTwoSourcesGoesDownOnceAndUpWhenBothLetGo() {
    #expect(feed(Self.button(.dpadDown, 1)) == ["KEY_DOWN 1"])
    #expect(feed(Self.axis(GamepadTranslator.stickY, 32_000)).isEmpty)
    #expect(feed(Self.button(.dpadDown, 0)).isEmpty)
    #expect(translator.isHeld(.down))
    #expect(feed(Self.axis(GamepadTranslator.stickY, 0)) == ["KEY_DOWN 0"])
    #expect(!translator.isHeld(.down))
  }

  @Test mutating func heldKeysRepeatAfterTheDelayAndThenEveryInterval() {
    #expect(feed(Self.axis(GamepadTranslator.hatY, 1), at: 0) == ["KEY_DOWN 1"])
    #expect(translator.nextDeadline == Self.at(500))
    var output: [RawEvent] = []
    translator.due(at: Self.at(499), into: &output)
    #expect(output.isEmpty)
    translator.due(at: Self.at(500), into: &output)
    #expect(describe(output) == ["KEY_DOWN 2"])
    // Stamped on the device's clock: its press at 1 s, and half a second since.
    let half = KernelTime(seconds: 1, microseconds: 500_000)
    #expect(output == [.key(.down, 2, at: half), .report(at: half)])
    #expect(translator.nextDeadline == Self.at(625))
    output.removeAll()
    // A late wake sends one repeat, not the ones it slept through.
    translator.due(at: Self.at(2000), into: &output)
    #expect(describe(output) == ["KEY_DOWN 2"])
    #expect(translator.nextDeadline == Self.at(2125))
    #expect(feed(Self.axis(GamepadTranslator.hatY, 0), at: 2010) == ["KEY_DOWN 0"])
    #expect(translator.nextDeadline == nil)
    // The device's own repeats (value 2) are not passed on: the translator repeats.
    #expect(feed(Self.button(.buttonSouth, 1) + Self.button(.buttonSouth, 2), at: 3000) == ["KEY_OK 1"])
  }

  @Test func kernelTimesMoveOnByADuration() {
    let time = KernelTime(seconds: 10, microseconds: 900_000)
    #expect(time.adding(.milliseconds(250)) == KernelTime(seconds: 11, microseconds: 150_000))
    #expect(time.adding(.seconds(2)) == KernelTime(seconds: 12, microseconds: 900_000))
    #expect(time.adding(.microseconds(-950_000)) == KernelTime(seconds: 9, microseconds: 950_000))
  }

  @Test func aConfiguredTableChangesWhatTheButtonsAndDirectionsSend() {
    var mapping = GamepadMapping.standard
    mapping.buttons[.buttonSouth] = .enter
    mapping.buttons[.buttonEast] = nil
    mapping.directions[.down] = .pageDown
    var translator = GamepadTranslator(mapping: mapping, stickRanges: [:])
    var output: [RawEvent] = []
    translator.translate(
      Self.button(.buttonSouth, 1) + Self.button(.buttonEast, 1) + Self.axis(GamepadTranslator.hatY, 1)
        + Self.axis(GamepadTranslator.stickY, 32_000),
      at: Self.at(0), into: &output)
    #expect(output.filter { $0.type == RawEvent.keyType }.map(\.code) == [KeyCode.enter.rawValue, 109])
  }

  @Test func aGamepadIsARemoteWithTheKeysItsTableSends() {
    let pad = DeviceClassification(
      DeviceCapabilities(
        keys: [.buttonSouth, .buttonEast, KeyCode(0x133), KeyCode(0x134), .buttonSelect, .buttonStart],
        hasAbsoluteAxes: true,
        absoluteAxes: [GamepadTranslator.stickX, GamepadTranslator.stickY, GamepadTranslator.hatX]))
    #expect(pad.isGamepad && pad.kind == .remote && pad.isKeyboardLike)
    #expect(pad.answerKeys == [KeyCode.up, .left, .right, .down, .back, .ok].sorted())
    let buttonsOnly = DeviceClassification(DeviceCapabilities(keys: [.dpadUp, .dpadDown]))
    #expect(buttonsOnly.isGamepad && buttonsOnly.answerKeys == [.up, .down])
    let mouse = DeviceClassification(
      DeviceCapabilities(keys: [KeyCode(0x110)], hasRelativeAxes: true, absoluteAxes: []))
    #expect(!mouse.isGamepad && mouse.kind == .pointer)
  }
}
