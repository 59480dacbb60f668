import KeyMenuConfig
import KeyMenuCore
import KeyMenuPluginAPI
import Testing

/// `[[hotkeys]] keys = [...]`: leader sequences, their hint's words, and
/// `[gestures] hint_ms` and `sequence_ms`.
@Suite struct HotkeySequenceTests {
  static let ok = """
    [[hotkeys]]
    keys = ["Menu", "1"]
    menu = "settings"

    [[hotkeys]]
    keys = ["menu", "ctrl+2"]
    label = "Restart the player"
    run = ["/usr/bin/systemctl", "restart", "player"]

    [[hotkeys]]
    keys = ["KEY_MENU", "3", "1"]
    invoke = "wifi.toggle"

    [[hotkeys]]
    key = "KEY_HOME"
    run = ["true"]

    [menus.settings]
    title = "Settings"
    items = [{ title = "A", run = ["true"] }]
    """

  @Test func aSequenceIsItsFirstKeyAndTheKeysAfterIt() throws {
    let config = try load(Self.ok)
    #expect(config.hotkeys.map(\.chord.key.rawValue) == [139, 139, 139, 102])
    #expect(config.hotkeys.map(\.following.count) == [1, 1, 2, 0])
    #expect(config.hotkeys[1].following == [KeyChord(KeyCode(3), [.ctrl])])
    #expect(config.hotkeys.map(\.keyNames) == [["Menu", "1"], ["Menu", "Ctrl+2"], ["Menu", "3", "1"], []])
  }

  @Test func theHintSaysWhatEachDoesFromItsLabelOrItsAction() throws {
    let config = try load(Self.ok)
    #expect(config.hotkeys.map(\.label) == ["Settings", "Restart the player", "wifi.toggle", ""])
  }

  @Test func theTimesDefaultAndChange() throws {
    #expect(try load(Self.ok).sequenceTiming == .init(hint: .milliseconds(500), timeout: .seconds(3)))
    let config = try load("[gestures]\nhint_ms = 700\nsequence_ms = 5000")
    #expect(config.sequenceTiming == .init(hint: .milliseconds(700), timeout: .seconds(5)))
    #expect(
      warnings("[gestures]\nhint_ms = 4000").contains { $0.contains("hint_ms is not below sequence_ms") })
  }

  @Test func sequencesThatBeginAlikeAreRefused() {
    let found = errors(
      """
      [[hotkeys]]
      keys = ["Menu", "1"]
      run = ["a"]
      [[hotkeys]]
      keys = ["Menu", "1", "2"]
      run = ["b"]
      [[hotkeys]]
      key = "KEY_MENU"
      run = ["c"]
      [[hotkeys]]
      keys = ["Menu", "1"]
      run = ["d"]
      """)
    #expect(
      found.contains { $0.contains("sequence 'Menu 1 2' and 'Menu 1' (at test.toml:2:8) begin alike") },
      "\(found)")
    #expect(
      found.contains { $0.contains("hotkey 'KEY_MENU' and 'Menu 1' (at test.toml:2:8) begin alike") },
      "\(found)")
    #expect(found.contains { $0.contains("sequence 'Menu 1' is already bound at test.toml:2:8") }, "\(found)")
  }

  @Test func theSameSequenceOnOtherDevicesIsAllowed() throws {
    let config = try load(
      "[[hotkeys]]\nkeys = [\"Menu\", \"1\"]\ndevices = [{ kind = \"remote\" }]\nrun = [\"a\"]\n"
        + "[[hotkeys]]\nkeys = [\"Menu\", \"1\"]\nrun = [\"b\"]")
    #expect(config.hotkeys.count == 2)
  }

  @Test func badSequencesSayWhatIsExpected() {
    let found = errors(
      """
      [[hotkeys]]
      keys = ["Menu"]
      run = ["a"]
      [[hotkeys]]
      keys = ["Menu", "hyper+1"]
      run = ["b"]
      [[hotkeys]]
      key = "KEY_HOME"
      keys = ["Menu", "2"]
      run = ["c"]
      [[hotkeys]]
      keys = ["Menu", "3"]
      gesture = "long"
      run = ["d"]
      [[hotkeys]]
      keys = "Menu 4"
      run = ["e"]
      """)
    #expect(found.contains { $0.contains("keys must name 2 to 8 keys") }, "\(found)")
    #expect(found.contains { $0.contains("bad key 'hyper+1' in keys: unknown modifier hyper") }, "\(found)")
    #expect(
      found.contains { $0.contains("a hotkey has key = \"...\" (one chord) or keys = [...]") }, "\(found)")
    #expect(found.contains { $0.contains("it takes no gesture") }, "\(found)")
    #expect(found.contains { $0.contains("keys must be") }, "\(found)")
  }
}
