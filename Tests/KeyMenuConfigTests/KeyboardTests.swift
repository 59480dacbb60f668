import KeyMenuConfig
import KeyMenuCore
import Testing

@Suite struct KeyboardTests {
  @Test func withoutTheSectionTheSystemLayoutApplies() throws {
    let config = try load("log_level = \"info\"")
    #expect(config.keyboard == .systemDefault)
    #expect(config.keyboard.isSystemDefault)
    let system = KeyboardLayoutSpec(model: "pc105", layout: "fr", variant: "oss", options: "ctrl:nocaps")
    #expect(config.keyboard.spec(system: system) == system)
  }

  @Test func theSectionNamesTheWholeLayout() throws {
    let config = try load(
      "[keyboard]\nlayout = \"de\"\nvariant = \"nodeadkeys\"\noptions = \"compose:ralt\"\nmodel = \"pc104\"")
    #expect(
      config.keyboard
        == KeyboardSettings(layout: "de", variant: "nodeadkeys", options: "compose:ralt", model: "pc104"))
    #expect(!config.keyboard.isSystemDefault)
    let system = KeyboardLayoutSpec(model: "pc105", layout: "fr", variant: "oss", options: "ctrl:nocaps")
    #expect(
      config.keyboard.spec(system: system)
        == KeyboardLayoutSpec(model: "pc104", layout: "de", variant: "nodeadkeys", options: "compose:ralt"))
  }

  @Test func aLayoutAloneDropsTheSystemVariantAndOptions() throws {
    let config = try load("[keyboard]\nlayout = \"us,ru\"")
    let system = KeyboardLayoutSpec(model: "pc105", layout: "fr", variant: "oss", options: "ctrl:nocaps")
    #expect(config.keyboard.spec(system: system) == KeyboardLayoutSpec(layout: "us,ru"))
  }

  @Test func optionsWithoutALayoutAdjustTheSystemLayout() throws {
    let config = try load("[keyboard]\noptions = \"compose:ralt\"")
    let system = KeyboardLayoutSpec(
      model: "pc105", layout: "de", variant: "nodeadkeys", options: "ctrl:nocaps")
    #expect(
      config.keyboard.spec(system: system)
        == KeyboardLayoutSpec(model: "pc105", layout: "de", variant: "nodeadkeys", options: "compose:ralt"))
  }

  @Test func emptyStringsMeanTheKeyIsLeftOut() throws {
    #expect(try load("[keyboard]\nlayout = \"\"\noptions = \"\"").keyboard == .systemDefault)
  }

  @Test func aVariantNeedsALayout() {
    #expect(
      errors("[keyboard]\nvariant = \"nodeadkeys\"") == [
        "test.toml:2:1: variant needs layout in [keyboard]: a variant belongs to a layout, "
          + "such as layout = \"de\" with variant = \"nodeadkeys\""
      ])
  }

  @Test func valuesMustBeXKBNames() {
    #expect(
      errors("[keyboard]\nlayout = \"de nodeadkeys\"\noptions = \"compose:ralt\\n\"") == [
        "test.toml:2:10: layout must be XKB names (letters, digits and _ - + : , . only, at most 256 bytes), "
          + "such as \"de\"",
        "test.toml:3:11: options must be XKB names (letters, digits and _ - + : , . only, at most 256 bytes), "
          + "such as \"compose:ralt,caps:escape\"",
      ])
    #expect(errors("[keyboard]\nmodel = \"\(String(repeating: "a", count: 257))\"").count == 1)
    #expect(
      errors("[keyboard]\nlayout = [\"de\"]") == ["test.toml:2:10: layout must be a string, not an array"])
    #expect(errors("keyboard = \"de\"") == ["test.toml:1:12: keyboard must be a table, not a string"])
  }

  @Test func unknownKeysGetTheUsualHints() {
    #expect(
      errors("[keyboard]\nlayuot = \"de\"") == [
        "test.toml:2:1: unknown key 'layuot' in [keyboard]; did you mean 'layout'?"
      ])
    #expect(
      errors("[keyboard]\nrepeat_rate = 30") == [
        "test.toml:2:1: unknown key 'repeat_rate' in [keyboard]; known keys: layout, variant, options, model"
      ])
  }

  @Test func dropInsMergeTheSectionKeyByKey() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let main = try directory.write("keymenu.toml", "[keyboard]\nlayout = \"de\"\nvariant = \"nodeadkeys\"")
    try directory.write("conf.d/10-compose.toml", "[keyboard]\noptions = \"compose:ralt\"")
    let config = try ConfigurationLoader.load(
      file: main, dropInDirectory: directory.path + "/conf.d", keyNames: testKeyNames, lookup: testAccounts
    ).get()
    #expect(config.keyboard == KeyboardSettings(layout: "de", variant: "nodeadkeys", options: "compose:ralt"))
  }
}
