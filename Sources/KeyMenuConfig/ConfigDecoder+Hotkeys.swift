import KeyMenuPluginAPI

extension ConfigDecoder {
  /// `[[hotkeys]]`: a chord and one action each; no chord twice.
  mutating func hotkeys(_ node: ConfigNode) -> [HotkeyBinding] {
    guard case .array(let elements) = node.value else {
      diagnostics.error(
        "hotkeys must be an array of tables ([[hotkeys]]), not \(node.typeName)", at: node.location)
      return []
    }
    var bindings: [HotkeyBinding] = []
    var seen: [KeyChord: ConfigLocation] = [:]
    for element in elements {
      guard var table = TableReader(element, name: "hotkey", key: "each hotkey", &diagnostics) else {
        continue
      }
      let chord = chord(in: &table, required: true)
      let choice = action(in: &table, owner: "hotkey", allowsSubmenu: false)
      table.reportUnknownKeys(&diagnostics)
      guard let chord else { continue }
      if let first = seen[chord] {
        let text = table.peekString("key") ?? ""
        diagnostics.error("hotkey '\(text)' is already bound at \(first)", at: table.valueLocation("key"))
        continue
      }
      seen[chord] = table.valueLocation("key")
      let text = table.peekString("key") ?? ""
      if let problem = HotkeyLint.neverFires(chord) ?? HotkeyLint.takesATypedKey(chord, name: text) {
        diagnostics.warning("hotkey '\(text)' \(problem)", at: table.valueLocation("key"))
      }
      guard case .action(let action) = choice else { continue }
      bindings.append(HotkeyBinding(chord: chord, action: action, location: table.location))
    }
    return bindings
  }

  /// `key = "ctrl+alt+m"`, parsed with the daemon's key names.
  mutating func chord(in table: inout TableReader, required: Bool) -> KeyChord? {
    guard let text = table.string("key", &diagnostics) else {
      if required && !table.has("key") {
        diagnostics.error(
          "\(table.name) needs key = \"...\", a key name such as \"KEY_MENU\" or a chord such as \"ctrl+alt+m\"",
          at: table.location)
      }
      return nil
    }
    do {
      return try KeyChord.parse(text, names: keyNames)
    } catch {
      diagnostics.error("bad key '\(text)': \(error.message); \(error.hint)", at: table.valueLocation("key"))
      return nil
    }
  }

}
