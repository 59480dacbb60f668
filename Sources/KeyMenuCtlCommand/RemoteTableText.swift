import KeyMenuCore

/// The `[[remotes]]` entry `keymenuctl learn` prints: a comment saying what
/// it comes from, the receiver's name as its rule, and the scancodes.
enum RemoteTableText {
  /// The entry, ready to paste into keymenu.toml or a drop-in.
  static func render(
    learned: [(key: KeyCode, scancode: UInt32)], asked: [KeyCode], identity: DeviceIdentity,
    protocols: [String], names: KeyNameTable
  ) -> String {
    let receiver = ShownText.visible(identity.name)
    var text = "# keymenuctl learn: \(learned.count) of \(asked.count) keys from \(receiver)"
    text += protocols.isEmpty ? "\n" : ", IR protocol \(protocols.joined(separator: ", "))\n"
    let missing = asked.filter { key in !learned.contains { $0.key == key } }
    if !missing.isEmpty {
      text += "# not learned: \(missing.map { names.name(of: $0) }.joined(separator: " "))\n"
    }
    let entries = learned.map { "0x\(String($0.scancode, radix: 16)) = \"\(names.name(of: $0.key))\"" }
    text += "[[remotes]]\nname = \(tomlString(globLiteral(identity.name)))\n"
    text += "scancodes = { \(entries.joined(separator: ", ")) }\n"
    return text
  }

  /// The name as a glob that matches it alone (`*`, `?`, `[` and `\`
  /// escaped for fnmatch).
  static func globLiteral(_ name: String) -> String {
    var glob = ""
    for character in name {
      if "*?[\\".contains(character) { glob.append("\\") }
      glob.append(character)
    }
    return glob
  }

  /// A TOML basic string: quotes, backslashes and control characters escaped.
  static func tomlString(_ text: String) -> String {
    var quoted = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case _ where scalar.value < 0x20 || scalar.value == 0x7f || ShownText.isForbidden(scalar):
        let hex = String(scalar.value, radix: 16)
        let width = scalar.value > 0xffff ? 8 : 4
        quoted += (width == 8 ? "\\U" : "\\u") + String(repeating: "0", count: width - hex.count) + hex
      default: quoted.unicodeScalars.append(scalar)
      }
    }
    return quoted + "\""
  }
}
