import Glibc
public import KeyMenuCore

/// One device rule in `[devices] include` or `exclude`: every field given
/// must match, fields left out match anything.
///
/// `name` and `phys` are shell globs (`fnmatch(3)`: `*`, `?`, `[...]`),
/// matched against the whole kernel name and physical path; `evtest` and
/// `keymenuctl devices` print both.
public struct DeviceMatch: Hashable, Sendable {
  /// A glob for the kernel's device name, e.g. `"Logitech*Keyboard*"`.
  public var name: String?
  /// The USB-style vendor and product id, e.g. `046d:c31c`.
  public var vendorProduct: VendorProduct?
  /// A glob for the physical location, e.g. `"usb-0000:00:14.0-2/*"`.
  public var phys: String?

  /// A vendor and product id pair.
  public struct VendorProduct: Hashable, Sendable, CustomStringConvertible {
    /// The vendor id.
    public var vendor: UInt16
    /// The product id.
    public var product: UInt16

    /// Creates a pair.
    public init(vendor: UInt16, product: UInt16) {
      self.vendor = vendor
      self.product = product
    }

    /// Reads `046d:c31c`: two hexadecimal numbers of one to four digits.
    public init?(parsing text: String) {
      let parts = text.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count == 2, parts.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy(\.isHexDigit) }),
        let vendor = UInt16(parts[0], radix: 16), let product = UInt16(parts[1], radix: 16)
      else { return nil }
      self.init(vendor: vendor, product: product)
    }

    /// `046d:c31c`.
    public var description: String {
      DeviceIdentity(path: "", name: "", vendor: vendor, product: product).vendorProduct
    }
  }

  /// Creates a rule.
  public init(name: String? = nil, vendorProduct: VendorProduct? = nil, phys: String? = nil) {
    self.name = name
    self.vendorProduct = vendorProduct
    self.phys = phys
  }

  /// Whether the device matches every field this rule gives.
  public func matches(_ identity: DeviceIdentity) -> Bool {
    if let name, !Self.glob(name, matches: identity.name) { return false }
    if let phys, !Self.glob(phys, matches: identity.phys) { return false }
    if let vendorProduct {
      guard vendorProduct.vendor == identity.vendor, vendorProduct.product == identity.product else {
        return false
      }
    }
    return true
  }

  private static func glob(_ pattern: String, matches text: String) -> Bool {
    fnmatch(pattern, text, 0) == 0
  }
}
