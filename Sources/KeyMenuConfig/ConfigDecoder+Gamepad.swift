import KeyMenuCore

extension ConfigDecoder {
  /// `[gamepad]`: how gamepads become remotes. `dead_zone` (percent of the
  /// stick's travel, 10–90), `repeat_delay_ms`, `repeat_interval_ms`, and
  /// the tables `buttons` (button = key, `""` for nothing) and `directions`
  /// (`up`, `down`, `left`, `right` = key), each changing only what it
  /// names of ``GamepadMapping/standard``.
  mutating func gamepad(_ node: ConfigNode) -> GamepadMapping {
    var mapping = GamepadMapping.standard
    guard var table = TableReader(node, name: "[gamepad]", key: "gamepad", &diagnostics) else {
      return mapping
    }
    if let percent = table.integer("dead_zone", &diagnostics) {
      if (10...90).contains(percent) {
        mapping.deadZone = Double(percent) / 100
      } else {
        diagnostics.error(
          "dead_zone must be a percentage of the stick's travel from 10 to 90, not \(percent)",
          at: table.valueLocation("dead_zone"))
      }
    }
    if let delay = milliseconds("repeat_delay_ms", in: &table) { mapping.repeatDelay = delay }
    if let interval = milliseconds("repeat_interval_ms", in: &table) { mapping.repeatInterval = interval }
    if let buttons = table.node("buttons"),
      var reader = TableReader(buttons, name: "[gamepad.buttons]", key: "gamepad.buttons", &diagnostics)
    {
      for entry in buttons.entries ?? [] {
        guard let button = keyNames.code(named: entry.key) else {
          diagnostics.error(
            "unknown button '\(entry.key)' in [gamepad.buttons]; use evdev names such as BTN_SOUTH or BTN_START",
            at: entry.keyLocation)
          continue
        }
        guard let text = reader.string(entry.key, &diagnostics) else { continue }
        if text.isEmpty {
          mapping.buttons[button] = nil
        } else if let key = gamepadKey(text, at: reader.valueLocation(entry.key)) {
          mapping.buttons[button] = key
        }
      }
    }
    if let directions = table.node("directions"),
      var reader = TableReader(
        directions, name: "[gamepad.directions]", key: "gamepad.directions", &diagnostics)
    {
      for direction in GamepadMapping.Direction.allCases {
        guard let text = reader.string(direction.rawValue, &diagnostics) else { continue }
        if let key = gamepadKey(text, at: reader.valueLocation(direction.rawValue)) {
          mapping.directions[direction] = key
        }
      }
      reader.reportUnknownKeys(&diagnostics)
    }
    table.reportUnknownKeys(&diagnostics)
    return mapping
  }

  /// The key a gamepad button or direction sends, by its evdev name.
  private mutating func gamepadKey(_ text: String, at location: ConfigLocation) -> KeyCode? {
    guard let key = keyNames.code(named: text), !KeyCode.gamepadButtons.contains(key),
      !KeyCode.dpadButtons.contains(key)
    else {
      diagnostics.error(
        "'\(text)' is not a key a remote sends; use evdev key names such as KEY_OK, KEY_BACK or KEY_UP",
        at: location)
      return nil
    }
    return key
  }
}
