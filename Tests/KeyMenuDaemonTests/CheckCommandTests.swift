import Foundation
import KeyMenuTestSupport
import Testing

/// `keymenud --check FILE...`: several files merged as keymenud merges its
/// main file and drop-ins, with every error and warning positioned.
@Suite struct CheckCommandTests {
  @Test func severalFilesAreCheckedAsTheyWouldBeMerged() throws {
    let harness = try DaemonHarness()
    let main = harness.directory + "/main.toml"
    let power = harness.directory + "/10-power.toml"
    let clash = harness.directory + "/20-clash.toml"
    try "[menus.main]\nitems = [{ title = \"A\", invoke = \"x\" }]\n".write(
      toFile: main, atomically: true, encoding: .utf8)
    try "[[hotkeys]]\nkey = \"KEY_MENU\"\nmenu = \"main\"\n".write(
      toFile: power, atomically: true, encoding: .utf8)
    try "[[hotkeys]]\nkey = \"KEY_MENU\"\nmenu = \"main\"\n".write(
      toFile: clash, atomically: true, encoding: .utf8)
    let good = try TestProcess.run([DaemonHarness.keymenud, "--check", main, power])
    #expect(good.status == 0, "\(good.stderr)")
    #expect(good.stdout == "\(main), \(power): ok\n")
    let bad = try TestProcess.run([DaemonHarness.keymenud, "--check", main, power, clash])
    #expect(bad.status == 1)
    #expect(bad.stderr == "\(clash):2:7: hotkey 'KEY_MENU' is already bound at \(power):2:7\n")
  }

  @Test func aKeyboardLayoutThatDoesNotCompileIsAWarning() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig(
      "[keyboard]\nlayout = \"fr\"\n\n[[keyboard.devices]]\nname = \"Pad\"\nlayout = \"xx\"\n")
    let result = try TestProcess.run([DaemonHarness.keymenud, "--check", harness.config])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "\(harness.config): ok\n")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(
      lines.first?.hasPrefix("warning: keyboard layout xx does not compile") == true, "\(result.stderr)")
  }

  @Test func aFileIsOnlyTakenWithCheck() throws {
    let result = try TestProcess.run([DaemonHarness.keymenud, "/etc/keymenu/keymenu.toml"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("FILE is only used with --check"))
    // The usage that follows keeps its lines (not one line with \n in it).
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(lines.first == "Error: FILE is only used with --check", "\(result.stderr)")
    #expect(lines.contains { $0.hasPrefix("Usage: keymenud") }, "\(result.stderr)")
    #expect(!result.stderr.contains("\\n"))
  }

  /// Issue 28, finding 8: an alert that times out into a button that shows
  /// it again is refused, with the path and where it is written.
  @Test func aCycleThroughATimeoutIsAnError() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig(
      """
      [menus.box]
      items = [
        { title = "Ask", alert = { title = "Again?", buttons = [{ title = "Later", invoke = "box.retry" }, "Now"], cancel = "Later", timeout_ms = 1 } },
        { title = "Retry", invoke = "box.ask" },
      ]

      """)
    let result = try TestProcess.run([DaemonHarness.keymenud, "--check", harness.config])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "\(harness.config):3:141: invoke cycle through a timeout box.ask (its alert's timeout chooses 'Later')"
        + " -> box.retry -> box.ask (box.retry at \(harness.config):4:31): once chosen, it would show its alert"
        + " again and again by itself, each time the timeout passes; break the cycle (drop timeout_ms, or the"
        + " cancel button's action)\n")
  }
}
