extension ConfigDecoder {
  /// `[keyboard]`: `layout`, `variant`, `options`, `model`, each an XKB name.
  mutating func keyboard(_ node: ConfigNode) -> KeyboardSettings {
    guard var table = TableReader(node, name: "[keyboard]", key: "keyboard", &diagnostics) else {
      return .systemDefault
    }
    var settings = KeyboardSettings()
    settings.layout = xkbName("layout", example: "de", in: &table)
    settings.variant = xkbName("variant", example: "nodeadkeys", in: &table)
    settings.options = xkbName("options", example: "compose:ralt,caps:escape", in: &table)
    settings.model = xkbName("model", example: "pc105", in: &table)
    table.reportUnknownKeys(&diagnostics)
    if settings.variant != nil, settings.layout == nil {
      diagnostics.error(
        "variant needs layout in [keyboard]: a variant belongs to a layout, such as layout = \"de\" "
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
