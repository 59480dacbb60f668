/// The configuration the fuzzed daemon runs with: menus (nested, filtered,
/// with alerts and separators), hotkeys for a menu, an alert and a
/// selector, and no commands or external plugins, so that nothing the
/// fuzzer does starts a process. `config.reload` reads it again.
enum DispatchConfiguration {
  static let text = """
    log_level = "trace"

    [devices]
    grab = "while-modal"

    [[hotkeys]]
    key = "KEY_MENU"
    menu = "main"

    [[hotkeys]]
    key = "ctrl+alt+m"
    menu = "main"

    [[hotkeys]]
    key = "KEY_HOME"
    alert = { title = "Hello", message = "Press Enter.", buttons = ["No", "Yes"], cancel = 0, timeout_ms = 3000 }

    [[hotkeys]]
    key = "KEY_F1"
    invoke = "fuzz.missing"

    [menus.main]
    title = "Main"
    filter = true
    items = [
      { title = "Power", key = "p", items = [
        { title = "Reboot", key = "r", alert = { title = "Reboot now?", buttons = ["Cancel", "Reboot"], cancel = "Cancel", default = 0 } },
        { title = "Power off", invoke = "power.off" },
      ] },
      { title = "About", key = "a", alert = { title = "keymenu", message = "A menu for any keyboard.", buttons = ["OK"] } },
      { separator = true },
      { title = "Tools", menu = "tools" },
    ]

    [menus.tools]
    title = "Tools"
    items = [
      { title = "Back to main", menu = "main" },
      { title = "Ask", alert = { title = "Sure?" } },
    ]
    """
}
