import KeyMenuCore
import KeyMenuPluginAPI

extension ConfigDecoder {
  /// `[[hotkeys]]`: a chord (`key`) or a leader sequence (`keys`), a
  /// gesture (`press`, `long`, `double`; sequences are pressed) and one
  /// action each; no chord and gesture twice, no sequence that begins
  /// with another or with a hotkey's key (on the same devices).
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
      let single = chord(in: &table, required: !table.has("keys"))
      let sequence = keySequence(in: &table)
      let chord = table.has("key") ? single : sequence?.first
      let gesture = gesture(in: &table)
      let label = table.string("label", &diagnostics)
      let devices = table.node("devices").map { deviceRules($0) } ?? []
      let choice = action(in: &table, owner: "hotkey", allowsSubmenu: false)
      table.reportUnknownKeys(&diagnostics)
      if table.has("keys") {
        if table.has("key") {
          diagnostics.error(
            "a hotkey has key = \"...\" (one chord) or keys = [...] (a sequence), not both",
            at: table.valueLocation("keys"))
          continue
        }
        if table.has("gesture") {
          diagnostics.error(
            "a sequence (keys = [...]) is pressed key by key; it takes no gesture",
            at: table.valueLocation("gesture"))
          continue
        }
      }
      guard let chord, let gesture else { continue }
      let keys = sequence ?? [chord]
      let text =
        table.has("keys")
        ? keys.map { $0.shownName(names: keyNames) }.joined(separator: " ") : table.peekString("key") ?? ""
      let what =
        keys.count > 1
        ? "sequence '\(text)'"
        : gesture == .press ? "hotkey '\(text)'" : "hotkey '\(text)' (gesture \(gesture.rawValue))"
      let at = table.valueLocation(table.has("keys") ? "keys" : "key")
      if let first = seen[HotkeyKey(keys: keys, gesture: gesture, devices: devices)] {
        diagnostics.error("\(what) is already bound at \(first)", at: at)
        continue
      }
      if let clash = seen.first(where: {
        $0.key.devices == devices && $0.key.keys != keys
          && ($0.key.keys.starts(with: keys) || keys.starts(with: $0.key.keys))
      }) {
        let other = clash.key.keys.map { $0.shownName(names: keyNames) }.joined(separator: " ")
        diagnostics.error(
          "\(what) and '\(other)' (at \(clash.value)) begin alike: a sequence cannot begin with another or with a hotkey's key; use another first key",
          at: at)
        continue
      }
      seen[HotkeyKey(keys: keys, gesture: gesture, devices: devices)] = at
      if keys.count == 1,
        let problem = HotkeyLint.neverFires(chord) ?? HotkeyLint.takesATypedKey(chord, name: text)
      {
        diagnostics.warning("hotkey '\(text)' \(problem)", at: at)
      }
      guard case .action(let action) = choice else { continue }
      bindings.append(
        HotkeyBinding(
          chord: chord, following: Array(keys.dropFirst()),
          keyNames: keys.count > 1 ? keys.map { $0.shownName(names: keyNames) } : [], label: label ?? "",
          gesture: gesture, devices: devices, action: action, location: table.location))
    }
    return bindings
  }

  /// `keys = ["Menu", "1"]`: two to eight chords; nil when it is bad.
  private mutating func keySequence(in table: inout TableReader) -> [KeyChord]? {
    guard let texts = table.strings("keys", &diagnostics) else { return nil }
    guard (2...8).contains(texts.count) else {
      diagnostics.error(
        "keys must name 2 to 8 keys, a leader and what follows (such as [\"Menu\", \"1\"]), not \(texts.count); one key is key = \"...\"",
        at: table.valueLocation("keys"))
      return nil
    }
    var chords: [KeyChord] = []
    for text in texts {
      do {
        chords.append(try KeyChord.parse(text, names: keyNames))
      } catch {
        diagnostics.error(
          "bad key '\(text)' in keys: \(error.message); \(error.hint)", at: table.valueLocation("keys"))
        return nil
      }
    }
    return chords
  }

  /// A chord and a gesture: what may be bound once.
  private struct HotkeyKey: Hashable {
    var keys: [KeyChord]
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

  /// `[gestures]`: `long_ms` (a long press, 500 by default), `double_ms`
  /// (the double-press window, 300 by default), `hint_ms` (when a
  /// sequence's hint comes, 500 by default) and `sequence_ms` (when an
  /// unfinished sequence ends, 3000 by default), the last two after its
  /// last key.
  mutating func gestures(_ node: ConfigNode) -> (
    KeyGestureMachine.Timing, KeySequenceMachine<KeyChord>.Timing
  ) {
    var timing = KeyGestureMachine.Timing()
    var sequences = KeySequenceMachine<KeyChord>.Timing()
    guard var table = TableReader(node, name: "[gestures]", key: "gestures", &diagnostics) else {
      return (timing, sequences)
    }
    if let long = milliseconds("long_ms", in: &table) { timing.long = long }
    if let double = milliseconds("double_ms", in: &table) { timing.double = double }
    if let hint = milliseconds("hint_ms", in: &table) { sequences.hint = hint }
    if let timeout = milliseconds("sequence_ms", in: &table) { sequences.timeout = timeout }
    if table.has("hint_ms") && sequences.hint >= sequences.timeout {
      diagnostics.warning(
        "hint_ms is not below sequence_ms: a sequence ends before its hint would come",
        at: table.valueLocation("hint_ms"))
    }
    table.reportUnknownKeys(&diagnostics)
    return (timing, sequences)
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
