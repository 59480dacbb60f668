public import KeyMenuCore
public import KeyMenuProtocol

/// Which devices a binding answers to (`devices = [{ kind = "remote" }]` on
/// a hotkey), like keyd's `[ids]`: a ``DeviceMatch`` (name, vendor and
/// product, phys) and the kind keymenu classified the device as. Every
/// field given must match; a binding with several rules answers to a
/// device any of them matches.
public struct DeviceRule: Hashable, Sendable, CustomStringConvertible {
  /// The name, ids and phys to match.
  public var match: DeviceMatch
  /// `kind`: `keyboard`, `keypad`, `remote` (gamepads too), `pointer`, `other`.
  public var kind: DeviceClassification.Kind?

  /// Creates a rule.
  public init(match: DeviceMatch = DeviceMatch(), kind: DeviceClassification.Kind? = nil) {
    self.match = match
    self.kind = kind
  }

  /// Whether `device` matches every field given.
  public func matches(_ device: DeviceInfo) -> Bool {
    if let kind, device.classification.kind != kind { return false }
    return match.matches(device.identity)
  }

  /// The rule as written, such as `kind=remote name=Flirc*`: it names the
  /// set of bindings that share it.
  public var description: String {
    var parts: [String] = []
    if let kind { parts.append("kind=\(kind.rawValue)") }
    if let name = match.name { parts.append("name=\(name)") }
    if let ids = match.vendorProduct { parts.append("vendor_product=\(ids)") }
    if let phys = match.phys { parts.append("phys=\(phys)") }
    return parts.joined(separator: " ")
  }
}

extension DeviceRule {
  /// The rule a request gives (`alert.show`'s `devices`), checked by
  /// ``DeviceRuleParams/check(_:field:)``; nil for one that is not.
  public init?(_ params: DeviceRuleParams) {
    var rule = DeviceRule(match: DeviceMatch(name: params.name, phys: params.phys))
    if let kind = params.kind {
      guard let kind = DeviceClassification.Kind(rawValue: kind) else { return nil }
      rule.kind = kind
    }
    if let ids = params.vendorProduct {
      guard let pair = DeviceMatch.VendorProduct(parsing: ids) else { return nil }
      rule.match.vendorProduct = pair
    }
    self = rule
  }
}
