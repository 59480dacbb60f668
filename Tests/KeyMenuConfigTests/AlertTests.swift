import KeyMenuConfig
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
}
