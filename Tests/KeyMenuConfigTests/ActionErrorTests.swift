import KeyMenuConfig
import Testing

@Suite struct ActionErrorTests {
  @Test func aHotkeyNeedsExactlyOneAction() {
    #expect(
      errors("[[hotkeys]]\nkey = \"m\"\n\n[[hotkeys]]\nkey = \"KEY_HOME\"\nmenu = \"main\"\ninvoke = \"x\"")
        == [
          "test.toml:1:1: hotkey has no action; give one of menu, alert, invoke, run",
          "test.toml:7:1: hotkey has both menu and invoke; give exactly one of menu, alert, invoke, run",
        ])
  }

  @Test func aHotkeyNeedsAKey() {
    #expect(
      errors("[[hotkeys]]\ninvoke = \"x\"") == [
        "test.toml:1:1: hotkey needs key = \"...\", a key name such as \"KEY_MENU\" or a chord such as \"ctrl+alt+m\""
      ])
  }

  @Test func aMenuItemNeedsExactlyOneActionOrSubmenu() {
    let text = """
      [menus.main]
      items = [
        { title = "Nothing" },
        { title = "Two", invoke = "a", items = [{ title = "X", invoke = "x" }] },
      ]
      """
    #expect(
      errors(text) == [
        "test.toml:3:3: menu item has no action; give one of items, menu, alert, invoke, run",
        "test.toml:4:34: menu item has both invoke and items; give exactly one of items, menu, alert, invoke, run",
      ])
  }

  @Test func menusAndItemsNeedTheirParts() {
    #expect(
      errors(
        "[menus.main]\ntitle = \"M\"\n[menus.empty]\nitems = []\n[menus.x]\nitems = [{ invoke = \"a\" }]")
        == [
          "test.toml:1:1: menu 'main' needs items = [ { title = \"...\", ... }, ... ]",
          "test.toml:4:9: a menu needs at least one item",
          "test.toml:6:10: menu item needs a title",
        ])
  }

  @Test func shellGoesOnlyWithRunAsOneString() {
    let text = """
      [[hotkeys]]
      key = "a"
      run = "systemctl poweroff"
      [[hotkeys]]
      key = "b"
      run = ["ls"]
      shell = true
      [[hotkeys]]
      key = "m"
      invoke = "x"
      shell = true
      [[hotkeys]]
      key = "s"
      run = []
      """
    #expect(
      errors(text) == [
        "test.toml:3:7: run = \"...\" is a shell command line; add shell = true to run it with /bin/sh -c, or give an argv array such as [\"systemctl\", \"poweroff\"]",
        "test.toml:7:1: shell = true needs run to be one string (the command line), not an array",
        "test.toml:11:1: shell only applies to run",
        "test.toml:14:7: run needs a program: [\"program\", \"argument\", ...]",
      ])
  }

  @Test func commandsAreArgvOrAShellLine() throws {
    let config = try load(
      "[[hotkeys]]\nkey = \"a\"\nrun = [\"systemctl\", \"poweroff\"]\n[[hotkeys]]\nkey = \"b\"\nrun = \"df | tail -1\"\nshell = true"
    )
    #expect(
      config.hotkeys.map(\.action) == [
        .run(ConfiguredCommand(argv: ["systemctl", "poweroff"])),
        .run(ConfiguredCommand(shellCommand: "df | tail -1")),
      ])
    guard case .run(let command) = config.hotkeys[1].action else { return }
    #expect(command.argv == ["/bin/sh", "-c", "df | tail -1"] && command.shell)
  }

  @Test func runWhileCommandsAreDisabledIsOnlyAWarning() {
    #expect(
      warnings("[[hotkeys]]\nkey = \"ctrl+alt+a\"\nrun = [\"uptime\"]") == [
        "test.toml:3:7: warning: commands are disabled, so this will not run; set enabled = true and user = \"...\" in [commands]"
      ])
    #expect(
      warnings(
        "[commands]\nenabled = true\nuser = \"nobody\"\n[[hotkeys]]\nkey = \"ctrl+alt+a\"\nrun = [\"uptime\"]"
      )
        == [])
  }

  @Test func aHotkeyThatCanNeverFireOrTakesATypedKeyIsAWarning() {
    #expect(
      warnings(
        "[[hotkeys]]\nkey = \"ctrl+alt+esc\"\ninvoke = \"x\"\n[[hotkeys]]\nkey = \"ctrl+altgr+esc\"\ninvoke = \"y\""
      ) == [
        "test.toml:2:7: warning: hotkey 'ctrl+alt+esc' can never fire: Ctrl+Alt+Esc is the panic chord, which dismisses every alert and menu before hotkeys see it",
        "test.toml:5:7: warning: hotkey 'ctrl+altgr+esc' can never fire: Ctrl+Alt+Esc is the panic chord, which dismisses every alert and menu before hotkeys see it",
      ])
    #expect(
      warnings(
        "[[hotkeys]]\nkey = \"KEY_ENTER\"\ninvoke = \"x\"\n[[hotkeys]]\nkey = \"shift+a\"\ninvoke = \"y\"")
        == [
          "test.toml:2:7: warning: hotkey 'KEY_ENTER' fires on every press of that key everywhere, also while people type; add a modifier (\"ctrl+alt+enter\") or use a key of its own (KEY_MENU, KEY_F13, a remote's key)",
          "test.toml:5:7: warning: hotkey 'shift+a' fires on every press of that key everywhere, also while people type; add a modifier (\"ctrl+alt+a\") or use a key of its own (KEY_MENU, KEY_F13, a remote's key)",
        ])
    #expect(
      warnings(
        "[[hotkeys]]\nkey = \"KEY_MENU\"\ninvoke = \"x\"\n[[hotkeys]]\nkey = \"ctrl+a\"\ninvoke = \"y\"\n[[hotkeys]]\nkey = \"f1\"\ninvoke = \"z\""
      ) == [])
  }

  @Test func aRunProgramThatIsNotExecutableIsAWarning() throws {
    let setup = "[commands]\nenabled = true\nuser = \"nobody\"\n[[hotkeys]]\nkey = \"KEY_MENU\"\n"
    #expect(
      warnings(setup + "run = [\"/nonexistent/player\"]") == [
        "test.toml:6:7: warning: run: '/nonexistent/player' is not an executable file (yet); the command fails until it is installed"
      ])
    #expect(
      warnings(setup + "run = [\"no-such-program-here\"]") == [
        "test.toml:6:7: warning: run: 'no-such-program-here' is not an executable file in /usr/local/bin:/usr/bin:/bin (yet); the command fails until it is installed"
      ])
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let plain = try directory.write("player", "#!/bin/sh\n")
    #expect(warnings(setup + "run = [\"\(plain)\"]").count == 1, "a file that is not executable")
    #expect(warnings(setup + "run = [\"sh\", \"-c\", \"true\"]") == [])
  }

  @Test func aMenuNotInTheConfigurationIsOnlyAWarning() {
    #expect(
      warnings(
        "[[hotkeys]]\nkey = \"KEY_MENU\"\nmenu = \"power\"\n[menus.main]\nitems = [{ title = \"P\", menu = \"power\" }]"
      )
        == [
          "test.toml:3:8: warning: no menu 'power' in the configuration; a client must define it (menu.define) before this can open it",
          "test.toml:5:32: warning: no menu 'power' in the configuration; a client must define it (menu.define) before this can open it",
        ])
  }

  @Test func duplicateChordsAreErrors() {
    #expect(
      errors(
        "[[hotkeys]]\nkey = \"ctrl+m\"\ninvoke = \"a\"\n[[hotkeys]]\nkey = \"CTRL+KEY_M\"\ninvoke = \"b\"")
        == [
          "test.toml:5:7: hotkey 'CTRL+KEY_M' is already bound at test.toml:2:7"
        ])
    #expect(
      errors(
        "[menus.m]\nitems = [{ title = \"A\", key = \"a\", invoke = \"a\" }, { title = \"B\", key = \"KEY_A\", invoke = \"b\" }]"
      )
        == ["test.toml:2:73: key 'KEY_A' already chooses 'A' in this menu"])
  }
}
