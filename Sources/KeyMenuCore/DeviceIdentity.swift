/// Who a device says it is: what `evtest` prints in its header.
public struct DeviceIdentity: Hashable, Sendable {
  /// The device node, e.g. `/dev/input/event3`.
  public var path: String
  /// The kernel's device name (`EVIOCGNAME`).
  public var name: String
  /// The physical location (`EVIOCGPHYS`), often empty for virtual devices.
  public var phys: String
  /// A unique identifier such as a serial number (`EVIOCGUNIQ`), often empty.
  public var uniq: String
  /// The bus type (`BUS_USB` = 0x03, `BUS_BLUETOOTH` = 0x05, ...).
  public var bus: UInt16
  /// The USB-style vendor id.
  public var vendor: UInt16
  /// The USB-style product id.
  public var product: UInt16
  /// The device's version.
  public var version: UInt16

  /// Creates an identity.
  public init(
    path: String, name: String, phys: String = "", uniq: String = "",
    bus: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0
  ) {
    self.path = path
    self.name = name
    self.phys = phys
    self.uniq = uniq
    self.bus = bus
    self.vendor = vendor
    self.product = product
    self.version = version
  }

  /// `vendor:product` as four hex digits each, e.g. `046d:c31c`.
  public var vendorProduct: String { Self.hex4(vendor) + ":" + Self.hex4(product) }

  private static func hex4(_ value: UInt16) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 4 - digits.count) + digits
  }
}
