/// One HDMI-CEC message as the bus carries it: a header byte (the
/// initiator's and the destination's logical addresses), an opcode and its
/// operands, at most 16 bytes (CEC 1.4/2.0). Only the few messages keymenu
/// sends and reads are named here.
public struct CECMessage: Hashable, Sendable, CustomStringConvertible {
  /// The bytes, the header first.
  public let bytes: [UInt8]

  /// The logical address every device hears (as a destination).
  public static let broadcast: UInt8 = 0xf
  /// The TV's logical address.
  public static let tv: UInt8 = 0

  /// The opcodes keymenu sends or reads.
  public enum Opcode: UInt8, Sendable {
    case featureAbort = 0x00
    case imageViewOn = 0x04
    case standby = 0x36
    case userControlPressed = 0x44
    case userControlReleased = 0x45
    case activeSource = 0x82
    case requestActiveSource = 0x85
    case setStreamPath = 0x86
    case giveDevicePowerStatus = 0x8f
    case reportPowerStatus = 0x90
    case inactiveSource = 0x9d
  }

  /// A message from its bytes; nil when there is no header.
  public init?(bytes: [UInt8]) {
    guard !bytes.isEmpty, bytes.count <= 16 else { return nil }
    self.bytes = bytes
  }

  init(from initiator: UInt8, to destination: UInt8, _ opcode: Opcode, _ operands: [UInt8] = []) {
    bytes = [initiator << 4 | destination & 0xf, opcode.rawValue] + operands
  }

  /// Who sent it.
  public var initiator: UInt8 { bytes[0] >> 4 }
  /// Who it is for (``broadcast``: everyone).
  public var destination: UInt8 { bytes[0] & 0xf }
  /// The opcode's byte; nil for a poll (a header alone).
  public var opcodeByte: UInt8? { bytes.count > 1 ? bytes[1] : nil }
  /// The opcode, when keymenu knows it.
  public var opcode: Opcode? { opcodeByte.flatMap(Opcode.init(rawValue:)) }
  /// The bytes after the opcode.
  public var operands: ArraySlice<UInt8> { bytes.dropFirst(2) }

  /// The physical address its first two operands carry (Active Source,
  /// Inactive Source, Set Stream Path); nil when it has fewer.
  public var physicalAddressOperand: UInt16? {
    let operands = operands
    guard operands.count >= 2 else { return nil }
    return UInt16(operands[operands.startIndex]) << 8 | UInt16(operands[operands.startIndex + 1])
  }

  /// <Image View On>: the TV leaves standby and shows its current input.
  public static func imageViewOn(from initiator: UInt8) -> CECMessage {
    CECMessage(from: initiator, to: tv, .imageViewOn)
  }

  /// <Active Source>, broadcast: the TV switches to `physicalAddress`.
  public static func activeSource(from initiator: UInt8, physicalAddress: UInt16) -> CECMessage {
    CECMessage(from: initiator, to: broadcast, .activeSource, physicalAddress.bigEndianBytes)
  }

  /// <Inactive Source>, to the TV: this source stops being shown.
  public static func inactiveSource(from initiator: UInt8, physicalAddress: UInt16) -> CECMessage {
    CECMessage(from: initiator, to: tv, .inactiveSource, physicalAddress.bigEndianBytes)
  }

  /// <Report Power Status> "on", the answer to <Give Device Power Status>.
  public static func reportPowerOn(from initiator: UInt8, to destination: UInt8) -> CECMessage {
    CECMessage(from: initiator, to: destination, .reportPowerStatus, [0])
  }

  /// <Feature Abort> "unrecognized opcode" for a message keymenu does not handle.
  public static func featureAbort(of message: CECMessage, from initiator: UInt8) -> CECMessage {
    CECMessage(from: initiator, to: message.initiator, .featureAbort, [message.opcodeByte ?? 0, 0])
  }

  /// `1f:82:10:00`, as cec-ctl writes messages.
  public var description: String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: ":")
  }
}

extension UInt16 {
  fileprivate var bigEndianBytes: [UInt8] { [UInt8(self >> 8), UInt8(self & 0xff)] }
}
