import Foundation
import KeyMenuTestSupport
import Testing

/// Built-in plugins follow the configuration: `[plugins.NAME] enabled`
/// starts and stops them (also on reload), `keymenuctl plugins` lists them,
/// and a method whose plugin is off says which plugin and where to turn it on.
@Suite(.serialized)
struct BuiltinPluginTests {
  init() throws { try DaemonHarness.checkEmulation() }

  @Test(.enabled(if: DaemonHarness.runs))
  func pluginsAreEnabledAndDisabledByTheConfigurationAlsoOnReload() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n[plugins.menus]\nenabled = false\n")
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn list $CTL plugins --json
      reap list 0 '"name":"menus","state":"disabled"'
      spawn refused sh -c "printf 'a\\\\n' | $CTL menu"
      reap refused 255
      spawn alert $CTL alert "Still works" --timeout 0.05
      reap alert 5
      spawn enable sh -c "printf '[plugins.menus]\\\\nenabled = true\\\\n' > $DIR/keymenu.toml && $CTL reload"
      reap enable 0
      spawn again $CTL plugins --json
      reap again 0 '"name":"menus","state":"running"'
      spawn pick sh -c "printf 'one\\\\ntwo\\\\n' | $CTL menu"
      until 5000 sh -c "$CTL state --json | grep -q two"
      key 3 ESC 1
      key 3 ESC 0
      reap pick 1
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func aPluginThatFailsToStartIsReportedAndTheRestGoesOn() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig(
      """
      log_level = "info"
      [plugins.speech]
      enabled = true
      language = "xx"
      device = "null"
      """)
    try "[plugins.speech]\nenabled = true\ndevice = \"null\"\n".write(
      toFile: harness.directory + "/fixed.toml", atomically: true, encoding: .utf8)
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn list $CTL plugins --json
      reap list 0 'failed to start: espeak-ng has no voice for.*name.:.speech.,.state.:.failed'
      spawn alert $CTL alert "Still works" --button No --button Yes
      until 5000 sh -c "$CTL state --json | grep -q 'Still works'"
      key 3 ENTER 1
      key 3 ENTER 0
      reap alert 0 ^Yes$
      spawn fixed sh -c "cp $DIR/fixed.toml $DIR/keymenu.toml && $CTL reload"
      reap fixed 0
      spawn again $CTL plugins --json
      reap again 0 'name.:.speech.,.state.:.running'
      """)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("plugin speech: failed to start"), "\(result.stderr)")
  }
}
