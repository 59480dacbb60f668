extension ConfigDecoder {
  /// `[keyboard]`: `layout`, `variant`, `options`, `model`, each an XKB
  /// name, and `devices`, the `[[keyboard.devices]]` entries.
  mutating func keyboard(_ node: ConfigNode) -> KeyboardSettings {
    guard var table = TableReader(node, name: "[keyboard]", key: "keyboard", &diagnostics) else {
      return .systemDefault
    }
    var settings = xkbSettings(in: &table)
    if let entries = table.array("devices", &diagnostics) {
      settings.devices = entries.compactMap { deviceKeyboard($0) }
    }
    table.reportUnknownKeys(&diagnostics)
    return settings
  }

  /// One `[[keyboard.devices]]` entry: a device rule's `name`,
  /// `vendor_product` and `phys`, and the layout's XKB names.
  private mutating func deviceKeyboard(_ node: ConfigNode) -> DeviceKeyboard? {
    let name = "[[keyboard.devices]] entry"
    guard var table = TableReader(node, name: name, key: "each [[keyboard.devices]] entry", &diagnostics)
    else { return nil }
    let match = deviceMatchFields(in: &table)
    let settings = xkbSettings(in: &table)
    table.reportUnknownKeys(&diagnostics)
    guard match != DeviceMatch() else {
      diagnostics.error(
        "\(name) matches no device; give name, vendor_product or phys, as in [devices] include",
        at: table.location)
      return nil
    }
    guard settings != .systemDefault else {
      diagnostics.error(
        "\(name) sets no layout; give layout, options or model, such as layout = \"fr\"", at: table.location)
      return nil
    }
    return DeviceKeyboard(match: match, settings: settings)
  }

  /// `layout`, `variant`, `options` and `model` of a table; a variant
  /// without a layout is an error.
  private mutating func xkbSettings(in table: inout TableReader) -> KeyboardSettings {
    var settings = KeyboardSettings()
    settings.layout = xkbName("layout", example: "de", in: &table)
    settings.variant = xkbName("variant", example: "nodeadkeys", in: &table)
    settings.options = xkbName("options", example: "compose:ralt,caps:escape", in: &table)
    settings.model = xkbName("model", example: "pc105", in: &table)
    if settings.variant != nil, settings.layout == nil {
      diagnostics.error(
        "variant needs layout in \(table.name): a variant belongs to a layout, such as layout = \"de\" "
          + "with variant = \"nodeadkeys\"",
        at: table.keyLocation("variant"))
      settings.variant = nil
    }
    return settings
  }

  /// The most bytes an XKB name may have (a few layouts and their options fit easily).
  static let maximumXKBNameLength = 256

  /// A string of XKB names: letters, digits and `_ - + : , .`, at most
  /// 256 bytes; `""` means the same as leaving the key out.
  private mutating func xkbName(_ key: String, example: String, in table: inout TableReader) -> String? {
    guard let text = table.string(key, &diagnostics) else { return nil }
    let allowed = text.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || "_-+:,.".unicodeScalars.contains(scalar))
    }
    guard allowed, text.utf8.count <= Self.maximumXKBNameLength else {
      diagnostics.error(
        "\(key) must be XKB names (letters, digits and _ - + : , . only, at most "
          + "\(Self.maximumXKBNameLength) bytes), such as \"\(example)\"",
        at: table.valueLocation(key))
      return nil
    }
    return text.isEmpty ? nil : text
  }
}
