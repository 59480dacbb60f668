import KeyMenuCEC
import Testing

/// keymenu on the HDMI-CEC bus as a playback device (``CECSourceMachine``):
/// waking the TV for a modal, giving the input back, following the active
/// source, a follower's answers, the TV's standby. keymenu is playback device
/// 1 (logical address 4) at 1.0.0.0 unless a test says otherwise.
@Suite struct CECSourceMachineTests {
  static let keymenu: UInt8 = 4
  static let here: UInt16 = 0x1000
  static let elsewhere: UInt16 = 0x2000

  /// A machine with an HDMI link and a claimed address.
  func linked() -> CECSourceMachine {
    var machine = CECSourceMachine()
    #expect(machine.handle(.link(physicalAddress: Self.here, logicalAddress: Self.keymenu)).isEmpty)
    return machine
  }

  /// A message as the bus gives it.
  func message(_ bytes: UInt8...) -> CECMessage { CECMessage(bytes: bytes)! }

  @Test func aModalThatWakesTheTVSendsImageViewOnThenActiveSource() {
    var machine = linked()
    #expect(
      machine.handle(.wakeWanted) == [
        .send(message(0x40, 0x04)), .send(message(0x4f, 0x82, 0x10, 0x00)), .tookInput,
      ])
    #expect(machine.isActiveSource && machine.tookInput)
  }

  @Test func theInputIsGivenBackOnceEveryModalIsAnsweredWithInactiveSource() {
    var machine = linked()
    _ = machine.handle(.received(message(0x8f, 0x82, 0x20, 0x00)))
    _ = machine.handle(.wakeWanted)
    #expect(
      machine.handle(.allAnswered) == [
        .send(message(0x40, 0x9d, 0x10, 0x00)), .gaveInputBack(previous: 0x2000),
      ])
    #expect(!machine.isActiveSource && !machine.tookInput)
    #expect(machine.handle(.allAnswered).isEmpty, "given back once")
  }

  @Test func nothingIsGivenBackThatWasNotTaken() {
    var machine = linked()
    // The TV chose keymenu's input itself (Set Stream Path): keymenu did not take it.
    #expect(
      machine.handle(.received(message(0x0f, 0x86, 0x10, 0x00))) == [
        .send(message(0x4f, 0x82, 0x10, 0x00)), .activeSource(physicalAddress: Self.here, ours: true),
      ])
    #expect(
      machine.handle(.wakeWanted) == [.send(message(0x40, 0x04)), .send(message(0x4f, 0x82, 0x10, 0x00))])
    #expect(!machine.tookInput)
    #expect(machine.handle(.allAnswered).isEmpty)
  }

  @Test func anotherSourceTakingTheInputMeansNothingIsGivenBack() {
    var machine = linked()
    _ = machine.handle(.wakeWanted)
    #expect(
      machine.handle(.received(message(0x8f, 0x82, 0x20, 0x00)))
        == [.activeSource(physicalAddress: Self.elsewhere, ours: false)])
    #expect(!machine.isActiveSource)
    #expect(machine.handle(.allAnswered).isEmpty)
  }

  @Test func aWakeBeforeTheLinkHappensWhenTheLinkComes() {
    var machine = CECSourceMachine()
    #expect(machine.handle(.wakeWanted).isEmpty)
    #expect(machine.handle(.link(physicalAddress: Self.here, logicalAddress: nil)).isEmpty, "no address yet")
    #expect(
      machine.handle(.link(physicalAddress: Self.here, logicalAddress: Self.keymenu)) == [
        .send(message(0x40, 0x04)), .send(message(0x4f, 0x82, 0x10, 0x00)), .tookInput,
      ])
  }

  @Test func aWakeNoLongerWantedIsForgotten() {
    var machine = CECSourceMachine()
    _ = machine.handle(.wakeWanted)
    _ = machine.handle(.allAnswered)
    #expect(machine.handle(.link(physicalAddress: Self.here, logicalAddress: Self.keymenu)).isEmpty)
  }

  @Test func losingTheLinkForgetsTheInput() {
    var machine = linked()
    _ = machine.handle(.wakeWanted)
    _ = machine.handle(.link(physicalAddress: nil, logicalAddress: nil))
    #expect(!machine.isActiveSource && machine.logicalAddress == nil)
    _ = machine.handle(.link(physicalAddress: Self.here, logicalAddress: Self.keymenu))
    #expect(machine.handle(.allAnswered).isEmpty, "the TV forgot it too")
  }

  @Test func standbyIsReportedAndEndsTheInputTaken() {
    var machine = linked()
    _ = machine.handle(.wakeWanted)
    #expect(machine.handle(.received(message(0x0f, 0x36))) == [.standby(initiator: 0)])
    #expect(machine.handle(.allAnswered).isEmpty)
  }

  @Test func theActiveSourceAnswersRequestActiveSource() {
    var machine = linked()
    #expect(machine.handle(.received(message(0x0f, 0x85))).isEmpty, "not the active source")
    _ = machine.handle(.wakeWanted)
    #expect(machine.handle(.received(message(0x0f, 0x85))) == [.send(message(0x4f, 0x82, 0x10, 0x00))])
  }

  @Test func aFollowerAnswersPowerStatusAndAbortsWhatItDoesNotHandle() {
    var machine = linked()
    #expect(machine.handle(.received(message(0x04, 0x8f))) == [.send(message(0x40, 0x90, 0x00))])
    // Give Deck Status, to keymenu: Feature Abort, unrecognized opcode.
    #expect(machine.handle(.received(message(0x04, 0x1a, 0x01))) == [.send(message(0x40, 0x00, 0x1a, 0x00))])
    // The same to someone else, a broadcast, a poll, a Feature Abort, the remote's keys: nothing.
    #expect(machine.handle(.received(message(0x08, 0x1a, 0x01))).isEmpty)
    #expect(machine.handle(.received(message(0x0f, 0x1a, 0x01))).isEmpty)
    #expect(machine.handle(.received(message(0x04))).isEmpty)
    #expect(machine.handle(.received(message(0x04, 0x00, 0x8f, 0x00))).isEmpty)
    #expect(machine.handle(.received(message(0x04, 0x44, 0x00))).isEmpty)
    #expect(machine.handle(.received(message(0x04, 0x45))).isEmpty)
  }

  @Test func shortAndOwnMessagesChangeNothing() {
    var machine = linked()
    #expect(machine.handle(.received(message(0x8f, 0x82, 0x20))).isEmpty, "Active Source without its address")
    #expect(machine.handle(.received(message(0x4f, 0x82, 0x20, 0x00))).isEmpty, "keymenu's own")
    #expect(machine.otherActiveSource == nil)
  }

  @Test func nothingIsSentBeforeAnAddressIsClaimed() {
    var machine = CECSourceMachine()
    #expect(machine.handle(.received(message(0x04, 0x8f))).isEmpty)
    #expect(machine.handle(.received(message(0x0f, 0x85))).isEmpty)
  }
}

/// ``CECMessage``: the bytes keymenu sends, what it reads from bytes.
@Suite struct CECMessageTests {
  @Test func theMessagesKeymenuSends() {
    #expect(CECMessage.imageViewOn(from: 4).bytes == [0x40, 0x04])
    #expect(CECMessage.activeSource(from: 4, physicalAddress: 0x1234).bytes == [0x4f, 0x82, 0x12, 0x34])
    #expect(CECMessage.inactiveSource(from: 8, physicalAddress: 0x2100).bytes == [0x80, 0x9d, 0x21, 0x00])
    #expect(CECMessage.reportPowerOn(from: 4, to: 0).bytes == [0x40, 0x90, 0x00])
    #expect(CECMessage.activeSource(from: 4, physicalAddress: 0x1000).description == "4f:82:10:00")
  }

  @Test func readingBytes() throws {
    #expect(CECMessage(bytes: []) == nil)
    #expect(CECMessage(bytes: [UInt8](repeating: 0, count: 17)) == nil)
    let poll = try #require(CECMessage(bytes: [0x40]))
    #expect(poll.initiator == 4 && poll.destination == 0 && poll.opcodeByte == nil && poll.opcode == nil)
    let unknown = try #require(CECMessage(bytes: [0x04, 0xee]))
    #expect(unknown.opcodeByte == 0xee && unknown.opcode == nil && unknown.physicalAddressOperand == nil)
    #expect(CECMessage(bytes: [0x0f, 0x86, 0x21, 0x00])?.physicalAddressOperand == 0x2100)
  }

  @Test func adapterNodes() {
    #expect(CECAdapter.isAdapterName("cec0") && CECAdapter.isAdapterName("cec12"))
    #expect(
      !CECAdapter.isAdapterName("cec") && !CECAdapter.isAdapterName("cecx")
        && !CECAdapter.isAdapterName("cec٣"))
    #expect(CECAdapter.text(ofPhysicalAddress: 0x1200) == "1.2.0.0")
  }
}
