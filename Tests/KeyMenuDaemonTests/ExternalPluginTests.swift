import Foundation
import KeyMenuTestSupport
import Testing

/// External plugins: real programs started by keymenud as an unprivileged
/// user, speaking JSON-RPC on their stdin/stdout, supervised.
@Suite(.serialized)
struct ExternalPluginTests {
  static let examples = URL(fileURLWithPath: DaemonHarness.fixtures).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("examples/plugins").path

  init() throws { try DaemonHarness.checkEmulation() }

  /// A harness whose directory the plugins' user (nobody) can read, with
  /// `scripts` copied into it.
  static func harness(copying scripts: [String]) throws -> DaemonHarness {
    let harness = try DaemonHarness()
    chmod(harness.directory, 0o755)
    for script in scripts {
      let target = harness.directory + "/" + URL(fileURLWithPath: script).lastPathComponent
      try FileManager.default.copyItem(atPath: script, toPath: target)
      chmod(target, 0o755)
    }
    return harness
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func thePythonExampleDefinesAMenuAndAnswersItsChoice() throws {
    let harness = try Self.harness(copying: [Self.examples + "/menu_plugin.py"])
    try harness.writeConfig(
      """
      log_level = "info"
      [plugins.tea]
      program = ["/usr/bin/python3", "\(harness.directory)/menu_plugin.py"]
      user = "nobody"
      ping_interval_ms = 100
      """)
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 sh -c "$CTL plugins --json | grep -q '\\"name\\":\\"tea\\",\\"pid\\":[0-9]*,\\"restarts\\":0,\\"state\\":\\"running\\"'"
      until 5000 sh -c "$CTL call menu.list --json | grep -q '\\"owner\\":\\"plugin:tea\\"'"
      spawn pick $CTL menu --name tea
      until 5000 sh -c "$CTL state --json | grep -q Green"
      key 3 DOWN 1
      key 3 DOWN 0
      key 3 ENTER 1
      key 3 ENTER 0
      reap pick 0 ^Black$
      until 5000 sh -c "$CTL state --json | grep -q 'Black it is'"
      key 3 ENTER 1
      key 3 ENTER 0
      until 5000 sh -c "$CTL state --json | grep -q '\\"stack\\":\\\\[\\\\]'"
      wait 500
      spawn still $CTL plugins --json
      reap still 0 '"name":"tea","pid":[0-9]+,"restarts":0,"state":"running"'
      """)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("plugin tea: menu tea defined"), "its stderr is logged with its name")
    #expect(result.stderr.contains("plugin tea: chosen: Black"))
    #expect(result.stderr.contains("plugin tea started: pid"))
    #expect(!result.stderr.contains("plugin.ping within"), "it answered every ping")
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func misbehavingPluginsAreRestartedGivenUpOrKilledWhileOthersKeepWorking() throws {
    let harness = try Self.harness(copying: [DaemonHarness.fixtures + "/plugins/misbehave.py"])
    let script = harness.directory + "/misbehave.py"
    try harness.writeConfig(
      """
      log_level = "info"
      [plugins.crash]
      program = ["/bin/sh", "-c", "exit 3"]
      user = "nobody"
      restart_delay_ms = 20
      [plugins.hang]
      program = ["/bin/sleep", "600"]
      user = "nobody"
      restart = "never"
      ping_interval_ms = 100
      ping_timeout_ms = 200
      [plugins.oversized]
      program = ["/usr/bin/python3", "\(script)", "oversized"]
      user = "nobody"
      restart = "never"
      [plugins.invalid]
      program = ["/usr/bin/python3", "\(script)", "invalid"]
      user = "nobody"
      restart = "never"
      [plugins.owner]
      program = ["/usr/bin/python3", "\(script)", "owner"]
      user = "nobody"
      restart_delay_ms = 600000
      """)
    // A line of `keymenuctl plugins --json` for NAME matching PATTERN (grep -E;
    // `.` stands for the JSON's quotes).
    func plugin(_ name: String, _ pattern: String) -> String {
      "until 10000 sh -c \"$CTL plugins --json | grep -E 'name.:.\(name).' | grep -Eq '\(pattern)'\""
    }
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      until 5000 sh -c "$CTL state --json | grep -q 'Plugin alert'"
      spawn mine sh -c "printf 'one\\\\ntwo\\\\n' | $CTL menu --title Mine"
      until 5000 sh -c "$CTL state --json | grep -q Mine"
      key 3 DOWN 1
      key 3 DOWN 0
      key 3 ENTER 1
      key 3 ENTER 0
      reap mine 0 ^two$
      \(plugin("crash", "restarts.:4,.state.:.given-up"))
      \(plugin("hang", "no answer to plugin.ping within 200 ms; killed by signal 9.*state.:.exited"))
      \(plugin("oversized", "state.:.exited"))
      \(plugin("invalid", "state.:.exited"))
      until 2000 touch $DIR/exit-now
      \(plugin("owner", "exited with status 7.*state.:.restarting"))
      until 5000 sh -c "$CTL state --json | grep -q '\\"stack\\":\\\\[\\\\]'"
      spawn reload $CTL reload
      reap reload 0
      \(plugin("crash", "restarts.:4,.state.:.given-up"))
      """)
    #expect(result.status == 0, "\(result.stderr)")
    let log = result.stderr
    // "its connection closed; " may come first, depending on which the daemon notices first.
    #expect(log.contains("exited with status 3; given up after 5 failures in a row"), "\(log)")
    #expect(log.contains("plugin oversized: line over 65536 bytes; disconnected"))
    #expect(log.contains("plugin invalid: 5 invalid lines in a row; cutting it off"))
    #expect(log.contains("plugin owner: alert shown"))
    #expect(
      log.contains("plugin crash: starting again (reload)"), "a reload gives a given-up plugin a new start")
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func aWrapperPluginChangesAConfiguredItemUntilItGoes() throws {
    let harness = try Self.harness(copying: [Self.examples + "/confirm_plugin.py"])
    let menu = """
      log_level = "info"
      [menus.main]
      items = [ { title = "Shut down", alert = { title = "The original action" } } ]
      """
    try harness.writeConfig(
      menu + """

        [plugins.confirm]
        program = ["/usr/bin/python3", "\(harness.directory)/confirm_plugin.py", "Shut down"]
        user = "nobody"
        tier = "admin"
        """)
    try menu.write(toFile: harness.directory + "/without.toml", atomically: true, encoding: .utf8)
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      until 5000 sh -c "$CTL selectors --json | grep -Eq 'wrapped_by.{4}plugin:confirm'"
      spawn first $CTL menu --name main
      until 5000 sh -c "$CTL state --json | grep -q 'Shut down'"
      key 3 ENTER 1
      key 3 ENTER 0
      reap first 0 '^Shut down$'
      until 5000 sh -c "$CTL state --json | grep -q 'Shut down: are you sure'"
      key 3 ENTER 1
      key 3 ENTER 0
      until 5000 sh -c "$CTL state --json | grep -q 'The original action'"
      key 3 ENTER 1
      key 3 ENTER 0
      until 5000 sh -c "$CTL state --json | grep -q '\\"stack\\":\\\\[\\\\]'"
      spawn same $CTL reload
      reap same 0
      until 5000 sh -c "$CTL selectors --json | grep -Eq 'wrapped_by.{4}plugin:confirm'"
      spawn again $CTL menu --name main
      until 5000 sh -c "$CTL state --json | grep -q 'Shut down'"
      key 3 ENTER 1
      key 3 ENTER 0
      reap again 0 '^Shut down$'
      until 5000 sh -c "$CTL state --json | grep -q 'Shut down: are you sure'"
      key 3 ESC 1
      key 3 ESC 0
      until 5000 sh -c "$CTL state --json | grep -q '\\"stack\\":\\\\[\\\\]'"
      spawn remove sh -c "cp $DIR/without.toml $DIR/keymenu.toml && $CTL reload"
      reap remove 0
      spawn second $CTL menu --name main
      until 5000 sh -c "$CTL state --json | grep -q 'Shut down'"
      key 3 ENTER 1
      key 3 ENTER 0
      reap second 0 '^Shut down$'
      until 5000 sh -c "$CTL state --json | grep -q 'The original action'"
      spawn plain $CTL state --json
      reap plain 0 '^[^?]*$'
      """)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("plugin confirm: wrapping Shut down: wrapper"), "\(result.stderr)")
    #expect(result.stderr.contains("plugin confirm: Shut down: confirmed"))
  }
}
