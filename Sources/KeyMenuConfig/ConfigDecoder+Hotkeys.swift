import KeyMenuCore
import KeyMenuPluginAPI

extension ConfigDecoder {
  /// `[[hotkeys]]`: a chord, a gesture (`press`, `long`, `double`) and one
  /// action each; no chord and gesture twice.
  mutating func hotkeys(_ node: ConfigNode) -> [HotkeyBinding] {
    guard case .array(let elements) = node.value else {
      diagnostics.error(
        "hotkeys must be an array of tables ([[hotkeys]]), not \(node.typeName)", at: node.location)
      return []
    }
    var bindings: [HotkeyBinding] = []
    var seen: [HotkeyKey: ConfigLocation] = [:]
    for element in elements {
      guard var table = TableReader(element, name: "hotkey", key: "each hotkey", &diagnostics) else {
        continue
      }
      let chord = chord(in: &table, required: true)
      let gesture = gesture(in: &table)
      let devices = table.node("devices").map { deviceRules($0) } ?? []
      let choice = action(in: &table, owner: "hotkey", allowsSubmenu: false)
      table.reportUnknownKeys(&diagnostics)
      guard let chord, let gesture else { continue }
      if let first = seen[HotkeyKey(chord: chord, gesture: gesture, devices: devices)] {
        let text = table.peekString("key") ?? ""
        let what = gesture == .press ? "hotkey '\(text)'" : "hotkey '\(text)' (gesture \(gesture.rawValue))"
        diagnostics.error("\(what) is already bound at \(first)", at: table.valueLocation("key"))
        continue
      }
      seen[HotkeyKey(chord: chord, gesture: gesture, devices: devices)] = table.valueLocation("key")
      let text = table.peekString("key") ?? ""
      if let problem = HotkeyLint.neverFires(chord) ?? HotkeyLint.takesATypedKey(chord, name: text) {
        diagnostics.warning("hotkey '\(text)' \(problem)", at: table.valueLocation("key"))
      }
      guard case .action(let action) = choice else { continue }
      bindings.append(
        HotkeyBinding(
          chord: chord, gesture: gesture, devices: devices, action: action, location: table.location))
    }
    return bindings
  }

  /// A chord and a gesture: what may be bound once.
  private struct HotkeyKey: Hashable {
    var chord: KeyChord
    var gesture: KeyGestureMachine.Gesture
    var devices: [DeviceRule]
  }

  /// `devices = [{ kind = "remote" }, { name = "Flirc*" }]`: rules with
  /// `name`, `vendor_product`, `phys` and `kind`.
  private mutating func deviceRules(_ node: ConfigNode) -> [DeviceRule] {
    guard case .array(let elements) = node.value else {
      diagnostics.error(
        "devices must be an array of device rules such as [{ kind = \"remote\" }], not \(node.typeName)",
        at: node.location)
      return []
    }
    return elements.compactMap { element in
      guard var table = TableReader(element, name: "device rule", key: "each devices rule", &diagnostics)
      else {
        return nil
      }
      var rule = DeviceRule(match: deviceMatchFields(in: &table))
      if let text = table.string("kind", &diagnostics) {
        rule.kind = DeviceClassification.Kind(rawValue: text)
        if rule.kind == nil {
          diagnostics.error(
            "kind must be one of \"keyboard\", \"keypad\", \"remote\", \"pointer\", \"other\", not '\(text)'",
            at: table.valueLocation("kind"))
          return nil
        }
      }
      table.reportUnknownKeys(&diagnostics)
      guard !table.isEmpty else {
        diagnostics.error(
          "device rule matches nothing; give kind, name, vendor_product or phys", at: table.location)
        return nil
      }
      return rule
    }
  }

  /// `gesture = "long"`: `press` (the default), `long` or `double`; nil when it is bad.
  private mutating func gesture(in table: inout TableReader) -> KeyGestureMachine.Gesture? {
    guard let text = table.string("gesture", &diagnostics) else { return .press }
    if let gesture = KeyGestureMachine.Gesture(rawValue: text) { return gesture }
    let names = KeyGestureMachine.Gesture.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    diagnostics.error("gesture must be one of \(names), not '\(text)'", at: table.valueLocation("gesture"))
    return nil
  }

  /// `[gestures]`: `long_ms` (a long press, 500 by default) and `double_ms`
  /// (the double-press window, 300 by default).
  mutating func gestures(_ node: ConfigNode) -> KeyGestureMachine.Timing {
    var timing = KeyGestureMachine.Timing()
    guard var table = TableReader(node, name: "[gestures]", key: "gestures", &diagnostics) else {
      return timing
    }
    if let long = milliseconds("long_ms", in: &table) { timing.long = long }
    if let double = milliseconds("double_ms", in: &table) { timing.double = double }
    table.reportUnknownKeys(&diagnostics)
    return timing
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
