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
        "test.toml:2:1: unknown key 'repeat_rate' in [keyboard]; known keys: layout, variant, options, model, "
          + "devices"
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

  static let perDevice = """
    [keyboard]
    layout = "de"

    [[keyboard.devices]]
    name = "Cherry*"
    layout = "fr"

    [[keyboard.devices]]
    vendor_product = "046d:c31c"
    options = "compose:ralt"

    [[keyboard.devices]]
    phys = "usb-*"
    name = "Cherry French"
    layout = "ru"
    """

  @Test func devicesGetTheirOwnLayoutTheFirstMatchingEntryWinning() throws {
    let config = try load(Self.perDevice)
    #expect(
      config.keyboard.devices == [
        DeviceKeyboard(match: DeviceMatch(name: "Cherry*"), settings: KeyboardSettings(layout: "fr")),
        DeviceKeyboard(
          match: DeviceMatch(vendorProduct: .init(vendor: 0x046d, product: 0xc31c)),
          settings: KeyboardSettings(options: "compose:ralt")),
        DeviceKeyboard(
          match: DeviceMatch(name: "Cherry French", phys: "usb-*"), settings: KeyboardSettings(layout: "ru")),
      ])
    let system = KeyboardLayoutSpec(layout: "us", options: "ctrl:nocaps")
    let cherry = DeviceIdentity(path: "/dev/input/event3", name: "Cherry French", phys: "usb-1")
    #expect(config.keyboard.spec(for: cherry, system: system) == KeyboardLayoutSpec(layout: "fr"))
    // Options alone go over [keyboard]'s layout, as [keyboard]'s go over the system's.
    let logitech = DeviceIdentity(
      path: "/dev/input/event4", name: "Logitech", vendor: 0x046d, product: 0xc31c)
    #expect(
      config.keyboard.spec(for: logitech, system: system)
        == KeyboardLayoutSpec(layout: "de", options: "compose:ralt"))
    let other = DeviceIdentity(path: "/dev/input/event5", name: "Other")
    #expect(config.keyboard.spec(for: other, system: system) == KeyboardLayoutSpec(layout: "de"))
  }

  @Test func withoutKeyboardLayoutADeviceEntryGoesOverTheSystemLayout() throws {
    let config = try load("[[keyboard.devices]]\nname = \"Pad\"\nlayout = \"fr\"\nvariant = \"azerty\"")
    let system = KeyboardLayoutSpec(layout: "de")
    #expect(
      config.keyboard.spec(for: DeviceIdentity(path: "", name: "Pad"), system: system)
        == KeyboardLayoutSpec(layout: "fr", variant: "azerty"))
    #expect(config.keyboard.spec(for: DeviceIdentity(path: "", name: "Other"), system: system) == system)
  }

  @Test func aDeviceEntryNeedsARuleAndALayout() {
    #expect(
      errors("[[keyboard.devices]]\nlayout = \"fr\"") == [
        "test.toml:1:1: [[keyboard.devices]] entry matches no device; give name, vendor_product or phys, "
          + "as in [devices] include"
      ])
    #expect(
      errors("[[keyboard.devices]]\nname = \"Pad\"") == [
        "test.toml:1:1: [[keyboard.devices]] entry sets no layout; give layout, options or model, "
          + "such as layout = \"fr\""
      ])
    #expect(
      errors("[[keyboard.devices]]\nname = \"Pad\"\nvariant = \"azerty\"\nlayuot = \"fr\"") == [
        "test.toml:1:1: [[keyboard.devices]] entry sets no layout; give layout, options or model, "
          + "such as layout = \"fr\"",
        "test.toml:3:1: variant needs layout in [[keyboard.devices]] entry: a variant belongs to a layout, "
          + "such as layout = \"de\" with variant = \"nodeadkeys\"",
        "test.toml:4:1: unknown key 'layuot' in [[keyboard.devices]] entry; did you mean 'layout'?",
      ])
    #expect(
      errors("[keyboard]\ndevices = \"Pad\"") == ["test.toml:2:11: devices must be an array, not a string"])
  }

  @Test func dropInsAppendDeviceEntries() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let main = try directory.write("keymenu.toml", "[[keyboard.devices]]\nname = \"A\"\nlayout = \"fr\"")
    try directory.write("conf.d/10-b.toml", "[[keyboard.devices]]\nname = \"B\"\nlayout = \"ru\"")
    let config = try ConfigurationLoader.load(
      file: main, dropInDirectory: directory.path + "/conf.d", keyNames: testKeyNames, lookup: testAccounts
    ).get()
    #expect(config.keyboard.devices.map(\.match.name) == ["A", "B"])
  }
}
