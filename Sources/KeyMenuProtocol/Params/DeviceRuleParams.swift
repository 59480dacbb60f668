/// One device rule in a request (`alert.show`'s `devices`), as the
/// configuration writes them (`devices = [{ kind = "remote" }]`): every
/// member given must match; an alert with several answers to a device any
/// of them matches.
public struct DeviceRuleParams: Codable, Sendable, Hashable {
  /// `keyboard`, `keypad`, `remote` (gamepads too), `pointer` or `other`.
  public var kind: String?
  /// A shell glob for the kernel's device name (`Flirc*`).
  public var name: String?
  /// A shell glob for the device's physical path.
  public var phys: String?
  /// `vvvv:pppp` in hexadecimal (`vendor_product`).
  public var vendorProduct: String?

  enum CodingKeys: String, CodingKey {
    case kind, name, phys
    case vendorProduct = "vendor_product"
  }

  /// A rule.
  public init(kind: String? = nil, name: String? = nil, phys: String? = nil, vendorProduct: String? = nil) {
    self.kind = kind
    self.name = name
    self.phys = phys
    self.vendorProduct = vendorProduct
  }

  /// The kinds a rule may name, as `devices.list` shows them.
  public static let kinds = ["keyboard", "keypad", "remote", "pointer", "other"]
  /// How many rules a request may give.
  public static let maximumRules = 16

  /// Checks the rules of `field`: at most ``maximumRules``, each naming
  /// something, a known kind, `vendor_product` as two hexadecimal numbers,
  /// globs as titles are checked.
  public static func check(_ rules: [DeviceRuleParams]?, field: String) throws(RPCError) {
    guard let rules else { return }
    guard rules.count <= maximumRules else {
      throw .invalidParams("more than \(maximumRules) device rules", field: field)
    }
    for (index, rule) in rules.enumerated() {
      let at = "\(field).[\(index)]"
      guard rule.kind != nil || rule.name != nil || rule.phys != nil || rule.vendorProduct != nil else {
        throw .invalidParams(
          "a device rule matches nothing; give kind, name, phys or vendor_product", field: at)
      }
      if let kind = rule.kind, !kinds.contains(kind) {
        throw .invalidParams(
          "kind must be one of \(kinds.joined(separator: ", ")), not \(kind)", field: at + ".kind")
      }
      if let name = rule.name { try RequestLimits.title(name, field: at + ".name") }
      if let phys = rule.phys { try RequestLimits.title(phys, field: at + ".phys") }
      if let ids = rule.vendorProduct {
        let parts = ids.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2,
          parts.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy(\.isHexDigit) })
        else {
          throw .invalidParams(
            "vendor_product must be vvvv:pppp in hexadecimal", field: at + ".vendor_product")
        }
      }
    }
  }
}
