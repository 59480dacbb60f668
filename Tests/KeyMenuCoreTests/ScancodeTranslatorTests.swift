import KeyMenuCore
import Testing

/// An IR remote the kernel has no keymap for: its scancodes (`MSC_SCAN`
/// alone in a frame) become keys by a table; a held button's repeated
/// scancodes keep the key down, silence lets it go, a kernel-mapped frame
/// passes as it is. The clock is given.
@Suite struct ScancodeTranslatorTests {
  static let start = ContinuousClock.now
  static let table = RemoteScancodes(keys: [0x40: .ok, 0x41: .down, 0x8000_0001: .back])
  var translator = ScancodeTranslator(Self.table)

  static func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }
  static func time(_ milliseconds: Int) -> KernelTime {
    KernelTime(seconds: 5, microseconds: 0).adding(.milliseconds(milliseconds))
  }

  /// A frame as rc-core sends it for a scancode with no keymap entry.
  static func scan(_ code: UInt32, at milliseconds: Int) -> [RawEvent] {
    [
      RawEvent(
        time: time(milliseconds), type: RawEvent.miscType, code: RawEvent.mscScan,
        value: Int32(bitPattern: code)),
      .report(at: time(milliseconds)),
    ]
  }

  static func keys(_ events: [RawEvent]) -> [String] {
    events.filter { $0.type == RawEvent.keyType }.map { "\($0.code) \($0.value)" }
  }

  mutating func feed(_ events: [RawEvent], at milliseconds: Int) -> [String] {
    var output: [RawEvent] = []
    translator.translate(events, at: Self.at(milliseconds), into: &output)
    return Self.keys(output)
  }

  mutating func tick(_ milliseconds: Int) -> [RawEvent] {
    var output: [RawEvent] = []
    translator.due(at: Self.at(milliseconds), into: &output)
    return output
  }

  @Test mutating func aScancodePressesItsKeyAndSilenceLetsItGo() {
    var output: [RawEvent] = []
    translator.translate(Self.scan(0x40, at: 0), at: Self.at(0), into: &output)
    #expect(output.map(\.type) == [RawEvent.miscType, RawEvent.keyType, RawEvent.synType])
    #expect(Self.keys(output) == ["352 1"], "KEY_OK down before the frame's SYN_REPORT")
    #expect(translator.nextDeadline == Self.at(200))
    #expect(tick(199).isEmpty)
    let released = tick(200)
    #expect(released == [.key(.ok, 0, at: Self.time(200)), .report(at: Self.time(200))])
    #expect(translator.nextDeadline == nil && !translator.isHeld(.ok))
  }

  @Test mutating func aHeldButtonsRepeatedScancodesKeepTheKeyDownAndRepeatIt() {
    #expect(feed(Self.scan(0x41, at: 0), at: 0) == ["108 1"])
    for step in 1...6 { #expect(feed(Self.scan(0x41, at: step * 110), at: step * 110).isEmpty) }
    // Held since 0: the first repeat at 500 ms, the next at 625.
    #expect(Self.keys(tick(500)) == ["108 2"])
    #expect(Self.keys(tick(625)) == ["108 2"])
    // The last scancode came at 660: released 200 ms later.
    #expect(translator.nextDeadline == Self.at(750))
    #expect(Self.keys(tick(860)) == ["108 0"])
  }

  @Test mutating func anotherButtonLetsTheFirstGo() {
    #expect(feed(Self.scan(0x41, at: 0), at: 0) == ["108 1"])
    #expect(feed(Self.scan(0x40, at: 50), at: 50) == ["108 0", "352 1"])
    #expect(feed(Self.scan(0x8000_0001, at: 90), at: 90) == ["352 0", "158 1"], "a 32-bit scancode")
  }

  @Test mutating func unknownScancodesAndKernelMappedFramesPassAsTheyAre() {
    #expect(feed(Self.scan(0x99, at: 0), at: 0).isEmpty)
    let mapped = [
      RawEvent(
        time: Self.time(0), type: RawEvent.miscType, code: RawEvent.mscScan, value: 0x40),
      .key(.enter, 1, at: Self.time(0)), .report(at: Self.time(0)),
    ]
    var output: [RawEvent] = []
    translator.translate(mapped, at: Self.at(0), into: &output)
    #expect(output == mapped, "the kernel's key wins; keymenu adds none")
    #expect(translator.nextDeadline == nil)
  }
}
