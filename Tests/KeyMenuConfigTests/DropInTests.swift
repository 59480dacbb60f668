import KeyMenuConfig
import Logging
import Testing

@Suite struct DropInTests {
  func merged(_ texts: [String]) -> Result<DaemonConfiguration, ConfigErrors> {
    let documents = texts.enumerated().map { ConfigDocument(file: "\($0.offset).toml", text: $0.element) }
    return ConfigurationLoader.parse(documents, keyNames: testKeyNames, lookup: testAccounts)
  }

  @Test func laterScalarsReplaceEarlierOnes() throws {
    let config = try merged(["log_level = \"debug\"\n[devices]\ngrab = \"never\"", "log_level = \"error\""])
      .get()
    #expect(config.logLevel == .error)
    #expect(config.grab == .never)
    #expect(config.sources == ["0.toml", "1.toml"])
  }

  @Test func hotkeysAndDeviceRulesAppend() throws {
    let config = try merged([
      "[[hotkeys]]\nkey = \"m\"\ninvoke = \"a\"\n[[devices.include]]\nname = \"A*\"",
      "[[hotkeys]]\nkey = \"KEY_HOME\"\ninvoke = \"b\"\n[[devices.include]]\nname = \"B*\"",
    ]).get()
    #expect(config.hotkeys.map(\.action) == [.invoke("a"), .invoke("b")])
    #expect(config.hotkeys.map(\.location.file) == ["0.toml", "1.toml"])
    #expect(config.devices.include.map(\.name) == ["A*", "B*"])
  }

  @Test func aMenuWithTheSameNameIsReplacedWhole() throws {
    let config = try merged([
      "[menus.main]\ntitle = \"Old\"\nfilter = true\nitems = [{ title = \"A\", invoke = \"a\" }]\n"
        + "[menus.other]\nitems = [{ title = \"O\", invoke = \"o\" }]",
      "[menus.main]\nitems = [{ title = \"B\", invoke = \"b\" }]",
    ]).get()
    #expect(config.menus.map(\.name) == ["main", "other"])
    let main = try #require(config.menu(named: "main"))
    #expect(main.title == "main")  // not "Old": the drop-in's menu has no title, so the name
    #expect(main.filter == false)
    #expect(main.items.map(\.title) == ["B"])
  }

  @Test func aDuplicateChordAcrossFilesNamesTheFirstFile() {
    let result = merged([
      "[[hotkeys]]\nkey = \"m\"\ninvoke = \"a\"", "[[hotkeys]]\nkey = \"KEY_M\"\ninvoke = \"b\"",
    ])
    #expect(
      errors(of: result) == ["1.toml:2:7: hotkey 'KEY_M' is already bound at 0.toml:2:7"])
  }

  @Test func errorsInEveryFileAreReportedInFileOrder() {
    #expect(
      errors(of: merged(["a = [", "log_level = 3", "b = 1"])) == [
        "0.toml:1:5: missing ]: the array opened here is still open at the end of the file",
        "1.toml:1:13: log_level must be a string, not an integer",
        "2.toml:1:1: unknown key 'b' in the top level; known keys: log_level, log_keys, devices, hotkeys, gestures, menus, commands, socket, keyboard, gamepad, remotes, cec, plugins",
      ])
  }
}
