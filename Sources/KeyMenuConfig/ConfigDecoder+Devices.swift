extension ConfigDecoder {
  /// `[devices]`: `grab`, `include` and `exclude`.
  mutating func devices(_ node: ConfigNode) -> (DeviceSelection, GrabPolicy) {
    guard var table = TableReader(node, name: "[devices]", key: "devices", &diagnostics) else {
      return (DeviceSelection(), .whileModal)
    }
    var grab = GrabPolicy.whileModal
    if let text = table.string("grab", &diagnostics) {
      let options = GrabPolicy.allCases.map { ($0.rawValue, $0) }
      grab = choice(text, key: "grab policy", options: options, at: table.valueLocation("grab")) ?? grab
    }
    let include = table.array("include", &diagnostics).map {
      $0.compactMap { deviceMatch($0, list: "include") }
    }
    let exclude = table.array("exclude", &diagnostics).map {
      $0.compactMap { deviceMatch($0, list: "exclude") }
    }
    table.reportUnknownKeys(&diagnostics)
    return (DeviceSelection(include: include ?? [], exclude: exclude ?? []), grab)
  }

  /// One rule: `{ name = "glob", vendor_product = "046d:c31c", phys = "glob" }`.
  private mutating func deviceMatch(_ node: ConfigNode, list: String) -> DeviceMatch? {
    guard var table = TableReader(node, name: "device rule", key: "each \(list) rule", &diagnostics) else {
      return nil
    }
    let match = deviceMatchFields(in: &table)
    table.reportUnknownKeys(&diagnostics)
    guard !table.isEmpty else {
      diagnostics.error("device rule matches nothing; give name, vendor_product or phys", at: table.location)
      return nil
    }
    return match
  }

  /// A device rule's fields in `table`: `name`, `vendor_product`, `phys`.
  mutating func deviceMatchFields(in table: inout TableReader) -> DeviceMatch {
    var match = DeviceMatch()
    match.name = table.string("name", &diagnostics)
    if let text = table.string("vendor_product", &diagnostics) {
      match.vendorProduct = DeviceMatch.VendorProduct(parsing: text)
      if match.vendorProduct == nil {
        diagnostics.error(
          "vendor_product must be two hex numbers such as \"046d:c31c\" (vendor:product), not '\(text)'",
          at: table.valueLocation("vendor_product"))
      }
    }
    match.phys = table.string("phys", &diagnostics)
    return match
  }
}
