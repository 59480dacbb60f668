import Foundation
import KeyMenuTestSupport
import Testing

/// A gamepad (an emulated Xbox 360 pad, `Tests/Fixtures/devices/gamepad.*`)
/// is a remote: keymenud lists it as one (`devices.list`), its D-pad (a hat) and
/// left stick move through a menu, A chooses, B is Back; a `[gamepad]`
/// table changes what a button sends (A no longer answers: the D-pad's
/// Left and X, now Enter, do).
@Suite(.serialized)
struct GamepadRemoteTests {
  init() throws { try DaemonHarness.checkEmulation() }

  @Test(.enabled(if: DaemonHarness.runs))
  func aGamepadAnswersAMenuWithItsDPadAndAAndBackWithB() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let result = try harness.run(
      """
      plug 10 gamepad
      until 5000 $CTL status
      spawn devices $CTL call devices.list
      reap devices 0 '"kind":"remote".*"name":"keymenu Test Gamepad"'
      spawn pick sh -c "printf 'one\\\\ntwo\\\\nthree\\\\nfour\\\\n' | $CTL menu"
      until 5000 sh -c "$CTL state --json | grep -q four"
      raw 10 EV_ABS ABS_HAT0Y 1
      raw 10 EV_SYN SYN_REPORT 0
      raw 10 EV_ABS ABS_HAT0Y 0
      raw 10 EV_SYN SYN_REPORT 0
      until 3000 sh -c "$CTL state --json | grep -q '\\"highlight\\":1'"
      raw 10 EV_ABS ABS_Y 30000
      raw 10 EV_SYN SYN_REPORT 0
      raw 10 EV_ABS ABS_Y 0
      raw 10 EV_SYN SYN_REPORT 0
      until 3000 sh -c "$CTL state --json | grep -q '\\"highlight\\":2'"
      key 10 BTN_SOUTH 1
      key 10 BTN_SOUTH 0
      reap pick 0 ^three$
      spawn alert $CTL alert "Leave?" --button Stay --button Leave --cancel 0
      until 5000 sh -c "$CTL state --json | grep -q Leave"
      key 10 BTN_EAST 1
      key 10 BTN_EAST 0
      reap alert 3 ^Stay$
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func theGamepadTableChangesWhatAButtonSends() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig(
      """
      log_level = "info"
      [gamepad.buttons]
      BTN_WEST = "KEY_ENTER"
      BTN_SOUTH = ""
      """)
    let result = try harness.run(
      """
      plug 10 gamepad
      until 5000 $CTL status
      spawn alert $CTL alert "Sure?" --button No --button Yes
      until 5000 sh -c "$CTL state --json | grep -q Sure"
      key 10 BTN_SOUTH 1
      key 10 BTN_SOUTH 0
      raw 10 EV_ABS ABS_HAT0X -1
      raw 10 EV_SYN SYN_REPORT 0
      raw 10 EV_ABS ABS_HAT0X 0
      raw 10 EV_SYN SYN_REPORT 0
      key 10 BTN_WEST 1
      key 10 BTN_WEST 0
      reap alert 10 ^No$
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }
}
