import KeyMenuConfig
import Logging
import Testing

@Suite struct DefaultsTests {
  @Test func anEmptyFileMeansTheDefaults() throws {
    var config = try load("")
    #expect(config.sources == ["test.toml"])
    config.sources = []
    config.plugins = []  // every built-in plugin with its defaults: PluginSectionTests
    #expect(config == DaemonConfiguration.defaults)
  }

  @Test func theDefaultsAreTheDocumentedOnes() {
    let defaults = DaemonConfiguration.defaults
    #expect(defaults.grab == .whileModal)
    #expect(defaults.devices.include.isEmpty && defaults.devices.exclude.isEmpty)
    #expect(defaults.hotkeys.isEmpty && defaults.menus.isEmpty)
    #expect(defaults.commands == CommandSettings(enabled: false, user: nil, group: nil, timeout: nil))
    #expect(defaults.socket.path == "/run/keymenu/keymenu.sock")
    #expect(defaults.socket.group == "keymenu")
    #expect(defaults.socket.mode == 0o660)
    #expect(defaults.socket.adminGroup == "keymenu-admin")
    #expect(defaults.logLevel == .info)
    #expect(defaults.logKeys == false)
  }

  @Test func commentsAndEmptySectionsChangeNothing() throws {
    var config = try load("# nothing\n[devices]\n[commands]\n[socket]\n")
    config.sources = []
    config.plugins = []  // every built-in plugin with its defaults: PluginSectionTests
    #expect(config == DaemonConfiguration.defaults)
  }

  @Test func scalarSettingsAreRead() throws {
    let config = try load(
      """
      log_level = "debug"
      log_keys = true
      [devices]
      grab = "always"
      [commands]
      enabled = true
      user = "nobody"
      group = "nogroup"
      timeout_ms = 1500
      [socket]
      path = "/run/km.sock"
      mode = 0o600
      group = "wheel"
      admin_group = "wheel"
      """)
    #expect(config.logLevel == .debug)
    #expect(config.logKeys)
    #expect(config.grab == .always)
    #expect(
      config.commands
        == CommandSettings(enabled: true, user: "nobody", group: "nogroup", timeout: .seconds(1.5)))
    #expect(config.socket.path == "/run/km.sock")
    #expect(config.socket.mode == 0o600)
    #expect(config.socket.group == "wheel")
  }

  @Test(arguments: [("\"0660\"", UInt32(0o660)), ("\"640\"", 0o640), ("0o600", 0o600), ("416", 0o640)])
  func socketModeIsOctalTextOrAnInteger(text: String, mode: UInt32) throws {
    #expect(try load("[socket]\nmode = \(text)").socket.mode == mode)
  }
}
