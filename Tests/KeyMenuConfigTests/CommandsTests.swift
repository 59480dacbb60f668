import KeyMenuConfig
import Testing

@Suite struct CommandsTests {
  @Test func commandsNeverRunAsRoot() {
    let message = "commands must not run as root; set user to an unprivileged user such as \"nobody\""
    #expect(errors("[commands]\nenabled = true\nuser = \"root\"") == ["test.toml:3:8: \(message)"])
    #expect(errors("[commands]\nenabled = true\nuser = \"toor\"") == ["test.toml:3:8: \(message)"])  // uid 0
    #expect(errors("[commands]\nuser = \"root\"") == ["test.toml:2:8: \(message)"])  // even while disabled
    #expect(
      errors("[commands]\nenabled = true\nuser = \"nobody\"\ngroup = \"root\"") == [
        "test.toml:4:9: commands must not run with group root"
      ])
  }

  @Test func enabledCommandsNeedAUserThatExists() {
    #expect(
      errors("[commands]\nenabled = true") == [
        "test.toml:2:1: enabled = true needs user = \"...\", the unprivileged user commands run as (such as \"nobody\")"
      ])
    #expect(
      errors("[commands]\nenabled = true\nuser = \"bob\"\ngroup = \"staff\"") == [
        "test.toml:3:8: unknown user 'bob'; create it (useradd --system bob) or name an existing unprivileged user",
        "test.toml:4:9: unknown group 'staff'",
      ])
  }

  @Test func disabledCommandsDoNotLookUpTheirUser() throws {
    let config = try load("[commands]\nenabled = false\nuser = \"keymenu-commands\"")
    #expect(config.commands == CommandSettings(enabled: false, user: "keymenu-commands"))
  }
}
