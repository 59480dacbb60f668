import KeyMenuCore

extension ConfigDecoder {
  /// The most scancodes one remote's table maps (a remote has a few dozen buttons).
  static let maximumScancodes = 512

  /// `[[remotes]]`: each a device rule (`name`, `vendor_product`, `phys`),
  /// a `scancodes` table (scancode, hexadecimal `0x40` or decimal, = key),
  /// and optionally `release_ms`, `repeat_delay_ms`, `repeat_interval_ms`.
  mutating func remotes(_ node: ConfigNode) -> [ConfiguredRemote] {
    guard case .array(let entries) = node.value else {
      diagnostics.error(
        "remotes must be an array of tables ([[remotes]]), not \(node.typeName)", at: node.location)
      return []
    }
    return entries.compactMap { remote($0) }
  }

  private mutating func remote(_ node: ConfigNode) -> ConfiguredRemote? {
    let name = "[[remotes]] entry"
    guard var table = TableReader(node, name: name, key: "each [[remotes]] entry", &diagnostics) else {
      return nil
    }
    let match = deviceMatchFields(in: &table)
    var scancodes = RemoteScancodes(keys: [:])
    if let delay = milliseconds("release_ms", in: &table) { scancodes.releaseAfter = delay }
    if let delay = milliseconds("repeat_delay_ms", in: &table) { scancodes.repeatDelay = delay }
    if let interval = milliseconds("repeat_interval_ms", in: &table) { scancodes.repeatInterval = interval }
    if let keys = table.node("scancodes") { scancodes.keys = scancodeKeys(keys) }
    table.reportUnknownKeys(&diagnostics)
    guard match != DeviceMatch() else {
      diagnostics.error(
        "\(name) matches no device; give name, vendor_product or phys, as in [devices] include "
          + "(keymenuctl devices shows them)",
        at: table.location)
      return nil
    }
    guard !scancodes.keys.isEmpty else {
      diagnostics.error(
        "\(name) maps no scancode; give scancodes = { 0x40 = \"KEY_OK\", ... } (evtest or ir-keytable -t shows them)",
        at: table.location)
      return nil
    }
    return ConfiguredRemote(match: match, scancodes: scancodes)
  }

  /// `scancodes`: each key a scancode (`0x40`, `64`), each value a key name.
  private mutating func scancodeKeys(_ node: ConfigNode) -> [UInt32: KeyCode] {
    guard var reader = TableReader(node, name: "scancodes", key: "scancodes", &diagnostics) else {
      return [:]
    }
    var keys: [UInt32: KeyCode] = [:]
    for entry in node.entries ?? [] {
      guard let text = reader.string(entry.key, &diagnostics) else { continue }
      guard let scancode = Self.scancode(entry.key) else {
        diagnostics.error(
          "'\(entry.key)' is not a scancode; write it as evtest or ir-keytable -t shows it, such as 0x40 or 64",
          at: entry.keyLocation)
        continue
      }
      guard let key = keyNames.code(named: text) else {
        diagnostics.error(
          "unknown key '\(text)' for scancode \(entry.key); use evdev key names such as KEY_OK or KEY_UP",
          at: reader.valueLocation(entry.key))
        continue
      }
      guard keys.count < Self.maximumScancodes else {
        diagnostics.error(
          "a remote maps at most \(Self.maximumScancodes) scancodes", at: entry.keyLocation)
        break
      }
      keys[scancode] = key
    }
    return keys
  }

  /// A scancode written as `0x40` (hexadecimal) or `64` (decimal), 32 bits.
  static func scancode(_ text: String) -> UInt32? {
    let lower = text.lowercased()
    if lower.hasPrefix("0x") { return UInt32(lower.dropFirst(2), radix: 16) }
    return UInt32(lower)
  }
}
