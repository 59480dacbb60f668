import KeyMenuConfig
import KeyMenuCore
import KeyMenuPluginAPI
import Testing

@Suite struct ExampleTests {
  let path = repositoryRoot + "/examples/keymenu.toml"

  @Test func theExampleLoadsWithoutErrors() throws {
    let result = ConfigurationLoader.load(
      file: path, dropInDirectory: nil, keyNames: testKeyNames, lookup: testAccounts)
    let config = try result.get()
    #expect(config.sources == [path])
    #expect(config.hotkeys.count == 3)
    #expect(config.menus.map(\.name) == ["main", "tools"])
    #expect(config.devices.include.count == 3)
    #expect(config.devices.exclude.count == 2)
    #expect(config.socket.tiers.count == 2)
    #expect(config.keyboard.isSystemDefault)  // its [keyboard] is commented out
  }

  @Test func theExampleOnlyWarnsAboutItsCommands() throws {
    let config = try ConfigurationLoader.load(
      file: path, dropInDirectory: nil, keyNames: testKeyNames, lookup: testAccounts
    ).get()
    #expect(config.warnings.count == 2)
    #expect(config.warnings.allSatisfy { $0.message.hasPrefix("commands are disabled") })
  }

  @Test func theExampleMenuHasItsSubmenuInOrder() throws {
    let config = try ConfigurationLoader.load(
      file: path, dropInDirectory: nil, keyNames: testKeyNames, lookup: testAccounts
    ).get()
    let main = try #require(config.menu(named: "main"))
    #expect(main.items.map(\.title) == ["Power", "About", "", "Tools", "Uptime"])
    #expect(main.items[2].content == .separator)
    #expect(main.filter)
    #expect(main.location == ConfigLocation(file: path, line: 58, column: 1))
    guard case .submenu(let power) = main.items[0].content else {
      Issue.record("Power should be a submenu")
      return
    }
    #expect(power.map(\.title) == ["Reboot", "Power off"])
    #expect(main.items[0].key == KeyChord(KeyCode(25)))
  }
}

/// What `make install` and the Debian package install as
/// /etc/keymenu/keymenu.toml: it must load without a single warning, since
/// every start and reload would log it.
@Suite struct InstalledConfigurationTests {
  let path = repositoryRoot + "/systemd/keymenu.toml"

  @Test func theInstalledConfigurationLoadsWithoutWarnings() throws {
    let config = try ConfigurationLoader.load(
      file: path, dropInDirectory: nil, keyNames: testKeyNames, lookup: testAccounts
    ).get()
    #expect(config.warnings.map(\.description) == [])
    #expect(config.menus.map(\.name) == ["main"])
    #expect(config.hotkeys.count == 2)
    #expect(!config.commands.enabled)
    #expect(config.socket.group == "keymenu")
  }
}
