import KeyMenuConfig
import KeyMenuCore
import KeyMenuPluginAPI
import Testing

@Suite struct ValueErrorTests {
  @Test func wrongTypesNameTheKeyAndBothTypes() {
    #expect(
      errors("log_keys = \"yes\"\ndevices = 3\n[socket]\npath = [\"/run/x\"]") == [
        "test.toml:1:12: log_keys must be true or false, not a string",
        "test.toml:2:11: devices must be a table, not an integer",
        "test.toml:4:8: path must be a string, not an array",
      ])
    #expect(
      errors("hotkeys = 1") == [
        "test.toml:1:11: hotkeys must be an array of tables ([[hotkeys]]), not an integer"
      ])
  }

  @Test func unknownWordsGetAHintOrTheList() {
    #expect(
      errors("log_level = \"warn\"\n[devices]\ngrab = \"while_modal\"") == [
        "test.toml:1:13: unknown log_level 'warn'; did you mean 'warning'?",
        "test.toml:3:8: unknown grab policy 'while_modal'; did you mean 'while-modal'?",
      ])
    #expect(
      errors("[devices]\ngrab = \"sometimes\"") == [
        "test.toml:2:8: unknown grab policy 'sometimes'; expected one of never, while-modal, always"
      ])
    #expect(
      errors("[[socket.tiers]]\nuid = 1000\ntier = \"root\"") == [
        "test.toml:3:8: unknown tier 'root'; expected one of observe, drive, admin"
      ])
  }

  @Test func badChordsSayWhatIsWrong() {
    #expect(
      errors("[[hotkeys]]\nkey = \"ctrl+foo\"\ninvoke = \"x\"") == [
        "test.toml:2:7: bad key 'ctrl+foo': unknown key foo; use an evdev key name such as KEY_MENU or its short form such as m or esc"
      ])
    #expect(
      errors("[[hotkeys]]\nkey = \"hyper+m\"\ninvoke = \"x\"") == [
        "test.toml:2:7: bad key 'hyper+m': unknown modifier hyper; modifiers are ctrl, shift, alt, meta, altgr"
      ])
    #expect(
      errors("[[hotkeys]]\nkey = \"ctrl+\"\ninvoke = \"x\"") == [
        "test.toml:2:7: bad key 'ctrl+': empty part between '+' signs; write modifiers and a key joined by '+', such as ctrl+alt+m or KEY_MENU"
      ])
  }

  @Test func chordsAcceptShortAndLongNames() throws {
    let config = try load(
      "[[hotkeys]]\nkey = \"Ctrl+Alt+m\"\ninvoke = \"a\"\n[[hotkeys]]\nkey = \"KEY_MENU\"\ninvoke = \"b\"")
    #expect(config.hotkeys.map(\.chord.key.rawValue) == [50, 139])
    #expect(config.hotkeys[0].chord.modifiers == [.ctrl, .alt])
    #expect(config.hotkeys[1].location == ConfigLocation(file: "test.toml", line: 4, column: 1))
  }

  @Test func badVendorProductIds() {
    #expect(
      errors(
        "[[devices.include]]\nvendor_product = \"046d-c31c\"\n[[devices.exclude]]\nvendor_product = \"12345:1\""
      )
        == [
          "test.toml:2:18: vendor_product must be two hex numbers such as \"046d:c31c\" (vendor:product), not '046d-c31c'",
          "test.toml:4:18: vendor_product must be two hex numbers such as \"046d:c31c\" (vendor:product), not '12345:1'",
        ])
  }

  @Test func anEmptyDeviceRuleMatchesNothing() {
    #expect(
      errors("[devices]\ninclude = [{}]") == [
        "test.toml:2:12: device rule matches nothing; give name, vendor_product or phys"
      ])
  }

  @Test func socketPathAndModeAreChecked() {
    #expect(
      errors("[socket]\npath = \"keymenu.sock\"\nmode = \"0999\"") == [
        "test.toml:2:8: path must be an absolute path of at most 107 bytes, such as \"/run/keymenu/keymenu.sock\"",
        "test.toml:3:8: mode must be permission bits such as \"0660\" (at most 0777)",
      ])
    #expect(
      errors("[socket]\nmode = 0o4770") == [
        "test.toml:2:8: mode must be permission bits such as \"0660\" (at most 0777)"
      ])
  }

  @Test func aWorldWritableSocketIsAllowedButWarned() {
    #expect(
      warnings("[socket]\nmode = \"0666\"") == [
        "test.toml:2:8: warning: mode 0666 lets every local user connect to the socket; use 0660 and a group"
      ])
  }

  @Test func timeoutsMustBePositiveAndAtMostADay() {
    #expect(
      errors("[commands]\ntimeout_ms = 0") == [
        "test.toml:2:14: timeout_ms must be between 1 and 86400000 milliseconds (one day), not 0"
      ])
  }
}
