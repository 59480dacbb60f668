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

  /// The adapter's node.
  public let path: String
  private let fd: Int32

  /// Opens the adapter.
  public init(path: String) throws(Failure) {
    let fd = keymenu_cec_open(path)
    guard fd >= 0 else { throw Self.failure(path, "cannot open", errno) }
    self.path = path
    self.fd = fd
  }

  deinit { close(fd) }

  /// The CEC adapters present, `/dev/cec0` first.
  public static func adapters(in directory: String = "/dev") -> [String] {
    guard case .success(let names)? = SmallFile.names(in: directory) else { return [] }
    return names.filter { $0.hasPrefix("cec") && $0.dropFirst(3).allSatisfy(\.isNumber) && $0.count > 3 }
      .sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }.map { directory + "/" + $0 }
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

  /// Configures a playback device named `osdName` with remote-control
  /// passthrough, unless the adapter is configured already: then it says by
  /// whom, and an adapter another program holds is left alone.
  public func claimPlayback(osdName: String) throws(Failure) -> Claim {
    var count: UInt32 = 0
    var first: UInt8 = 0xff
    var name = [CChar](repeating: 0, count: 15)
    let error = keymenu_cec_logical_addresses(fd, &count, &first, &name)
    guard error == 0 else { throw Self.failure(path, "cannot read its logical addresses", error) }
    if count > 0 {
      let holder = Self.string(name)
      return holder == osdName ? .ours : .heldByAnother(osdName: holder)
    }
    let claim = keymenu_cec_claim_playback(fd, osdName)
    if claim == EBUSY { return .heldByAnother(osdName: "") }
    guard claim == 0 else { throw Self.failure(path, "cannot claim a playback address", claim) }
    return .claiming
  }

  /// `1.0.0.0`.
  public static func text(ofPhysicalAddress address: UInt16) -> String {
    [12, 8, 4, 0].map { String((address >> $0) & 0xf, radix: 16) }.joined(separator: ".")
  }

  private static func string(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func failure(_ path: String, _ what: String, _ errno: Int32) -> Failure {
    Failure(description: "\(path): \(what): \(String(cString: strerror(errno)))")
  }
}
