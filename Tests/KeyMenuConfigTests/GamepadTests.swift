import KeyMenuConfig
import KeyMenuCore
import Testing

/// `[gamepad]`: the standard table without it, changes to what a button or
/// direction sends, the stick's dead zone and the repeat, and clear errors.
@Suite struct GamepadTests {
  @Test func withoutTheSectionTheStandardTableApplies() throws {
    #expect(try load("log_level = \"info\"").gamepad == .standard)
  }

  @Test func theSectionChangesOnlyWhatItNames() throws {
    let config = try load(
      """
      [gamepad]
      dead_zone = 30
      repeat_delay_ms = 400
      repeat_interval_ms = 100
      [gamepad.buttons]
      BTN_NORTH = "KEY_INFO"
      btn_select = "exit"
      BTN_SOUTH = ""
      [gamepad.directions]
      down = "KEY_PAGEDOWN"
      """)
    var expected = GamepadMapping.standard
    expected.deadZone = 0.3
    expected.repeatDelay = .milliseconds(400)
    expected.repeatInterval = .milliseconds(100)
    expected.buttons[KeyCode(0x133)] = KeyCode(358)
    expected.buttons[.buttonSelect] = .exit
    expected.buttons[.buttonSouth] = nil
    expected.directions[.down] = .pageDown
    #expect(config.gamepad == expected)
  }

  @Test func badValuesSayWhatIsExpected() {
    let found = errors(
      """
      [gamepad]
      dead_zone = 95
      repeat_delay_ms = 0
      [gamepad.buttons]
      BTN_NOPE = "KEY_OK"
      BTN_SOUTH = "BTN_EAST"
      [gamepad.directions]
      up = "KEY_NOPE"
      sideways = "KEY_UP"
      """)
    #expect(found.count == 6, "\(found)")
    #expect(
      found.contains {
        $0.contains("dead_zone must be a percentage of the stick's travel from 10 to 90, not 95")
      })
    #expect(found.contains { $0.contains("repeat_delay_ms must be between 1 and 86400000") })
    #expect(found.contains { $0.contains("unknown button 'BTN_NOPE' in [gamepad.buttons]") })
    #expect(found.contains { $0.contains("'BTN_EAST' is not a key a remote sends") })
    #expect(found.contains { $0.contains("'KEY_NOPE' is not a key a remote sends") })
    #expect(found.contains { $0.contains("sideways") })
  }
}
