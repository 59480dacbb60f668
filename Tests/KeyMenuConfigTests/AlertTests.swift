import KeyMenuConfig
import KeyMenuPluginAPI
import Testing

@Suite struct AlertTests {
  @Test func alertButtonsAreCheckedByIndexAndTitle() {
    let text = """
      [[hotkeys]]
      key = "m"
      alert = { title = "Reboot?", buttons = ["No", "Yes"], cancel = 2, default = "Maybe" }
      [[hotkeys]]
      key = "a"
      alert = { message = "no title", buttons = [] }
      """
    #expect(
      errors(text) == [
        "test.toml:3:64: cancel = 2 is not a button; buttons are numbered from 0 to 1 ('No', 'Yes')",
        "test.toml:3:77: default = 'Maybe' is not one of the buttons 'No', 'Yes'",
        "test.toml:6:9: alert needs a title",
        "test.toml:6:43: buttons must list at least one button",
      ])
  }

  @Test func alertsAreRead() throws {
    let config = try load(
      "[[hotkeys]]\nkey = \"m\"\nalert = { title = \"T\", message = \"M\", buttons = [\"No\", \"Yes\"], cancel = \"No\", default = 0, timeout_ms = 2500 }"
    )
    #expect(
      config.hotkeys.first?.action
        == .showAlert(
          .init(
            title: "T", message: "M", buttons: ["No", "Yes"], cancel: 0, defaultButton: 0,
            timeout: .milliseconds(2500))
        ))
  }

  @Test func buttonsGivenAsTablesCarryTheirActions() throws {
    let config = try load(
      """
      [commands]
      enabled = true
      user = "nobody"
      [[hotkeys]]
      key = "KEY_POWER"
      alert = { title = "Reboot now?", buttons = ["Cancel", { title = "Reboot", run = ["sh", "-c", "true"] }, { title = "Menu", menu = "box" }], cancel = "Cancel" }
      [menus.box]
      items = [ { title = "A", invoke = "a" } ]
      """)
    guard case .showAlert(let alert, let actions) = config.hotkeys.first?.action else {
      return #expect(Bool(false), "an alert")
    }
    #expect(alert.buttons == ["Cancel", "Reboot", "Menu"])
    #expect(alert.cancel == 0)
    #expect(actions == [1: .run(ConfiguredCommand(argv: ["sh", "-c", "true"])), 2: .openMenu("box")])
  }

  @Test func aButtonTableNeedsATitleAndOneAction() {
    let problems = errors(
      "[[hotkeys]]\nkey = \"KEY_POWER\"\nalert = { title = \"T\", buttons = [\"A\", { title = \"B\" }, 3] }")
    #expect(
      problems.contains { $0.contains("alert button has no action; give one of menu, alert, invoke, run") })
    #expect(
      errors("[[hotkeys]]\nkey = \"KEY_POWER\"\nalert = { title = \"T\", buttons = [\"A\", 3] }").contains {
        $0.contains("buttons must hold titles or tables")
      })
  }
}
