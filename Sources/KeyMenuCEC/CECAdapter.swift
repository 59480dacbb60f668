// The CEC C boundary (DESIGN.md) beside CKeyMenuCEC: the adapter's fd and
// the errnos of its ioctls, turned into ``CECAdapter/Failure`` texts.
import CKeyMenuCEC
import Glibc
import KeyMenuRuntime

/// An HDMI-CEC adapter (`/dev/cecN`) through the kernel's CEC framework
/// (`linux/cec.h`; no libcec): keymenud claims a playback device on it with
/// remote-control passthrough, so that the TV remote's keys arrive through
/// the adapter's own input device (`rc-cec`), which keymenud then reads like
/// any remote. The C boundary is `CKeyMenuCEC`.
public final class CECAdapter {
  /// Why an adapter could not be used.
  public struct Failure: Error, CustomStringConvertible {
    /// What failed, naming the adapter and the errno.
    public let description: String
    let errno: Int32

    /// The node is not there (`ENOENT`).
    public var isMissing: Bool { errno == ENOENT }
    /// The node is there but may not be opened yet (`EACCES`, `EPERM`):
    /// udev may not have given it its group.
    public var isRefused: Bool { errno == EACCES || errno == EPERM }
  }

  /// What keymenu appears as on the bus.
  public enum DeviceType: String, Sendable, CaseIterable {
    /// A player (logical addresses 4, 8, 11): what a media box is.
    case playback
    /// A recorder (1, 2, 9).
    case recording
    /// A tuner (3, 6, 7, 10).
    case tuner

    var code: Int32 {
      switch self {
      case .playback: KEYMENU_CEC_PLAYBACK
      case .recording: KEYMENU_CEC_RECORDING
      case .tuner: KEYMENU_CEC_TUNER
      }
    }
  }

  /// Who holds the adapter's logical address.
  public enum Claim: Hashable, Sendable {
    /// keymenu configured it now; the kernel claims an address in the background.
    case claiming
    /// It was configured already under keymenu's name (an earlier keymenud).
    case ours
    /// Another program configured it (a player using libcec): keymenu leaves it alone.
    case heldByAnother(osdName: String)
  }

  /// What the adapter's file handle has to read.
  public enum Arrival: Sendable, Equatable {
    /// A message from the bus.
    case message(CECMessage)
    /// The result of a message keymenu sent: whether a device acknowledged it.
    case sent(CECMessage, acknowledged: Bool)
  }

  /// A change of the adapter's state (`CEC_EVENT_STATE_CHANGE`).
  public struct StateChange: Sendable, Equatable {
    /// The physical address; nil without an HDMI link.
    public var physicalAddress: UInt16?
    /// The lowest logical address claimed; nil while none is.
    public var logicalAddress: UInt8?
  }

  /// The adapter's node.
  public let path: String
  /// The open node, for `poll()`: messages make it readable (`POLLIN`),
  /// state changes give `POLLPRI`, and an adapter unplugged `POLLHUP`.
  public let fileDescriptor: Int32
  private var fd: Int32 { fileDescriptor }

  /// Opens the adapter.
  public init(path: String) throws(Failure) {
    let fd = keymenu_cec_open(path)
    guard fd >= 0 else { throw Self.failure(path, "cannot open", errno) }
    self.path = path
    self.fileDescriptor = fd
  }

  deinit { close(fd) }

  /// The CEC adapters present, `/dev/cec0` first.
  public static func adapters(in directory: String = "/dev") -> [String] {
    guard case .success(let names)? = SmallFile.names(in: directory) else { return [] }
    return names.filter(isAdapterName)
      .sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }.map { directory + "/" + $0 }
  }

  /// Whether a node's name is an adapter's: `cec` and a number.
  public static func isAdapterName(_ name: String) -> Bool {
    name.hasPrefix("cec") && name.count > 3 && name.dropFirst(3).allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// The adapter's name (`vivid`, the board's HDMI controller), its driver's.
  public func names() throws(Failure) -> (driver: String, adapter: String) {
    var driver = [CChar](repeating: 0, count: 32)
    var name = [CChar](repeating: 0, count: 32)
    var available: UInt32 = 0
    let error = keymenu_cec_caps(fd, &driver, driver.count, &name, name.count, &available)
    guard error == 0 else { throw Self.failure(path, "cannot read its capabilities", error) }
    return (Self.string(driver), Self.string(name))
  }

  /// The physical address, such as `1.0.0.0`; nil without an HDMI link.
  public func physicalAddress() throws(Failure) -> UInt16? {
    var address: UInt16 = 0
    let error = keymenu_cec_physical_address(fd, &address)
    guard error == 0 else { throw Self.failure(path, "cannot read its physical address", error) }
    return address == 0xffff ? nil : address
  }

  /// Configures a device of `type` named `osdName` with remote-control
  /// passthrough, unless the adapter is configured already: then it says by
  /// whom, and an adapter another program holds is left alone. One keymenu
  /// configured itself under `previousName` is configured again when
  /// `reconfigure` says the configuration changed it.
  public func claim(
    _ type: DeviceType, osdName: String, previousName: String? = nil, reconfigure: Bool = false
  ) throws(Failure) -> Claim {
    var count: UInt32 = 0
    var first: UInt8 = 0xff
    var name = [CChar](repeating: 0, count: 15)
    let error = keymenu_cec_logical_addresses(fd, &count, &first, &name)
    guard error == 0 else { throw Self.failure(path, "cannot read its logical addresses", error) }
    if count > 0 {
      let holder = Self.string(name)
      let ours = holder == previousName
      if !ours || !reconfigure {
        return holder == osdName || ours ? .ours : .heldByAnother(osdName: holder)
      }
      let error = keymenu_cec_unclaim(fd)
      guard error == 0 else { throw Self.failure(path, "cannot configure keymenu's device again", error) }
    }
    let claim = keymenu_cec_claim(fd, type.code, osdName)
    if claim == EBUSY { return .heldByAnother(osdName: "") }
    guard claim == 0 else { throw Self.failure(path, "cannot claim a \(type.rawValue) address", claim) }
    return .claiming
  }

  /// Makes this file handle a follower (and initiator), beside any other:
  /// the bus's broadcasts and the messages to keymenu's address arrive
  /// through ``nextArrival()``.
  public func follow() throws(Failure) {
    let error = keymenu_cec_follow(fd)
    guard error == 0 else { throw Self.failure(path, "cannot follow its messages", error) }
  }

  /// Queues `message` (non-blocking); its result comes through ``nextArrival()``.
  public func send(_ message: CECMessage) throws(Failure) {
    var raw = keymenu_cec_message()
    raw.length = UInt32(message.bytes.count)
    withUnsafeMutableBytes(of: &raw.bytes) { $0.copyBytes(from: message.bytes) }
    let error = keymenu_cec_transmit(fd, &raw)
    guard error == 0 else { throw Self.failure(path, "cannot send \(message)", error) }
  }

  /// The next message or transmission result; nil when there is none.
  public func nextArrival() throws(Failure) -> Arrival? {
    var raw = keymenu_cec_message()
    let error = keymenu_cec_receive(fd, &raw)
    if error == EAGAIN { return nil }
    guard error == 0 else { throw Self.failure(path, "cannot receive", error) }
    let bytes = withUnsafeBytes(of: raw.bytes) { Array($0.prefix(Int(raw.length))) }
    guard let message = CECMessage(bytes: bytes) else { return nil }
    guard raw.tx_status != 0 else { return .message(message) }
    return .sent(message, acknowledged: raw.tx_status & UInt32(KEYMENU_CEC_TX_STATUS_OK) != 0)
  }

  /// The next state change; nil when there is none. Lost messages (the
  /// kernel's queue overflowed) are skipped: the state that follows matters.
  public func nextStateChange() throws(Failure) -> StateChange? {
    while true {
      var kind: UInt32 = 0
      var physical: UInt16 = 0xffff
      var mask: UInt16 = 0
      let error = keymenu_cec_event(fd, &kind, &physical, &mask)
      if error == EAGAIN { return nil }
      guard error == 0 else { throw Self.failure(path, "cannot read its events", error) }
      guard kind == UInt32(KEYMENU_CEC_EVENT_STATE_CHANGE) else { continue }
      return StateChange(
        physicalAddress: physical == 0xffff ? nil : physical,
        logicalAddress: mask == 0 ? nil : UInt8(mask.trailingZeroBitCount))
    }
  }

  /// `1.0.0.0`.
  public static func text(ofPhysicalAddress address: UInt16) -> String {
    [12, 8, 4, 0].map { String((address >> $0) & 0xf, radix: 16) }.joined(separator: ".")
  }

  private static func string(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func failure(_ path: String, _ what: String, _ errno: Int32) -> Failure {
    Failure(description: "\(path): \(what): \(String(cString: strerror(errno)))", errno: errno)
  }
}
