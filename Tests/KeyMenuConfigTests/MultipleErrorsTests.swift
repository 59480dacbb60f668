import KeyMenuConfig
import Testing

@Suite struct MultipleErrorsTests {
  let text = """
    log_level = "loud"
    [devices]
    grab = "maybe"
    include = [{ vendor_product = "xyz" }]

    [[hotkeys]]
    key = "ctrl+nope"
    menu = "main"

    [menus.main]
    title = 3
    items = [{ title = "A" }]

    [commands]
    enabled = true
    user = "root"

    [[socket.tiers]]
    group = "nobody-group"
    tier = "god"
    """

  @Test func oneRunReportsEveryErrorInOrder() {
    #expect(
      errors(text) == [
        "test.toml:1:13: unknown log_level 'loud'; expected one of trace, debug, info, notice, warning, error, critical",
        "test.toml:3:8: unknown grab policy 'maybe'; expected one of never, while-modal, always",
        "test.toml:4:31: vendor_product must be two hex numbers such as \"046d:c31c\" (vendor:product), not 'xyz'",
        "test.toml:7:7: bad key 'ctrl+nope': unknown key nope; use an evdev key name such as KEY_MENU or its short form such as m or esc",
        "test.toml:11:9: title must be a string, not an integer",
        "test.toml:12:10: menu item has no action; give one of items, menu, alert, invoke, run",
        "test.toml:16:8: commands must not run as root; set user to an unprivileged user such as \"nobody\"",
        "test.toml:19:9: unknown group 'nobody-group' in tier rule",
        "test.toml:20:8: unknown tier 'god'; expected one of observe, drive, admin",
      ])
  }

  @Test func checkOutputListsErrorsAndWarningsTogether() {
    guard
      case .failure(let failure) = parse(
        "[[hotkeys]]\nkey = \"KEY_MENU\"\nrun = [\"ls\"]\n[[hotkeys]]\nkey = \"x\"\ninvoke = \"y\"")
    else { return #expect(Bool(false), "expected errors") }
    #expect(
      failure.description == """
        test.toml:3:7: warning: commands are disabled, so this will not run; set enabled = true and user = "..." in [commands]
        test.toml:5:7: bad key 'x': unknown key x; use an evdev key name such as KEY_MENU or its short form such as m or esc
        """)
  }
}
