import Foundation
import KeyMenuTestSupport
import Testing

/// `[devices]` include and exclude rules decide which devices keymenud
/// opens, from the start and again on every reload.
@Suite(.serialized)
struct DeviceSelectionTests {
  init() throws { try DaemonHarness.checkEmulation() }

  @Test(.enabled(if: DaemonHarness.runs))
  func excludedDevicesAreLeftAloneAndAReloadChangesTheChoice() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n[[devices.exclude]]\nname = \"*Remote*\"\n")
    try "log_level = \"info\"\n[[devices.include]]\nvendor_product = \"1234:567a\"\n".write(
      toFile: harness.directory + "/remote-only.toml", atomically: true, encoding: .utf8)
    let result = try harness.run(
      """
      plug 3 keyboard
      plug 5 remote
      until 5000 sh -c "$CTL call devices.list --json | grep -q 'Test Keyboard'"
      wait 300
      spawn first $CTL call devices.list --json
      reap first 0 '^[^R]*Keyboard[^R]*$'
      spawn swap sh -c "cp $DIR/remote-only.toml $DIR/keymenu.toml && $CTL reload"
      reap swap 0
      until 5000 sh -c "$CTL call devices.list --json | grep -q 'IR Remote'"
      spawn second $CTL call devices.list --json
      reap second 0 '^[^K]*Remote[^K]*$'
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }
}
