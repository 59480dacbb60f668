/// The configuration the in-process tests start from: a menu with a
/// submenu and an alert hotkey, and no commands, so that no test starts a process.
public enum InProcessConfiguration {
  public static let text = """
    [[hotkeys]]
    key = "KEY_HOME"
    alert = { title = "Hello", buttons = ["No", "Yes"], cancel = 0 }

    [menus.main]
    title = "Main"
    items = [
      { title = "Reboot", invoke = "power.reboot" },
      { title = "Power off", invoke = "power.off" },
      { title = "Tools", items = [ { title = "Logs", invoke = "tools.logs" } ] },
    ]
    """
}
