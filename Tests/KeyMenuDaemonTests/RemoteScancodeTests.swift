import Foundation
import KeyMenuTestSupport
import Testing

/// An IR receiver whose kernel keymap has nothing a remote needs (buttons
/// come as `MSC_SCAN` alone, `Tests/Fixtures/devices/ircv.*`): keymenud
/// leaves it alone until `[[remotes]]` gives it a scancode table, then its
/// scancodes drive a menu; a held button's repeated scancodes are one press.
@Suite(.serialized)
struct RemoteScancodeTests {
  init() throws { try DaemonHarness.checkEmulation() }

  @Test(.enabled(if: DaemonHarness.runs))
  func anUnmappedRemotesScancodesAnswerAMenuThroughItsTable() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    try """
    log_level = "info"
    [[remotes]]
    name = "keymenu Test IR Receiver"
    # Generous, so that a loaded machine cannot split the two scancodes below.
    release_ms = 1000
    repeat_delay_ms = 5000
    scancodes = { 0x40 = "KEY_OK", 0x41 = "KEY_DOWN" }
    """.write(toFile: harness.directory + "/remote.toml", atomically: true, encoding: .utf8)
    let result = try harness.run(
      """
      plug 3 keyboard
      plug 11 ircv
      until 5000 $CTL status
      spawn before sh -c "$CTL call devices.list | grep -q 'keymenu Test Keyboard' && ! $CTL call devices.list | grep -q 'IR Receiver'"
      reap before 0
      spawn swap sh -c "cp $DIR/remote.toml $DIR/keymenu.toml && $CTL reload"
      reap swap 0
      until 5000 sh -c "$CTL call devices.list | grep -q 'keymenu Test IR Receiver'"
      spawn pick sh -c "printf 'one\\\\ntwo\\\\nthree\\\\n' | $CTL menu"
      until 5000 sh -c "$CTL state --json | grep -q three"
      raw 11 EV_MSC MSC_SCAN 0x41
      raw 11 EV_SYN SYN_REPORT 0
      raw 11 EV_MSC MSC_SCAN 0x41
      raw 11 EV_SYN SYN_REPORT 0
      until 3000 sh -c "$CTL state --json | grep -q '\\"highlight\\":1'"
      wait 1300
      raw 11 EV_MSC MSC_SCAN 0x40
      raw 11 EV_SYN SYN_REPORT 0
      reap pick 0 ^two$
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }
}
