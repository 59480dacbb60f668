import Foundation
import KeyMenuTestSupport
import Testing

/// keymenud on an emulated keyboard, driven by keymenuctl as a user's
/// script would: alerts, menus, hotkeys, grabs.
@Suite(.serialized)
struct EndToEndTests {
  init() throws { try DaemonHarness.checkEmulation() }

  @Test(.enabled(if: DaemonHarness.runs))
  func alertAnsweredByEscEnterAndTimeoutWithGrabOnlyWhileModal() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      until 2000 sh -c "$CTL status --json | grep -q '\\"grabbed\\":0'"
      spawn esc $CTL alert "Reboot?" --button No --button Yes --cancel 0
      until 5000 sh -c "$CTL state --json | grep -q Reboot"
      until 2000 sh -c "$CTL status --json | grep -q '\\"grabbed\\":1'"
      key 3 ESC 1
      key 3 ESC 0
      reap esc 3 ^No$
      until 2000 sh -c "$CTL status --json | grep -q '\\"grabbed\\":0'"
      spawn enter $CTL alert "Reboot?" --button No --button Yes --cancel 0
      until 5000 sh -c "$CTL state --json | grep -q Reboot"
      key 3 ENTER 1
      key 3 ENTER 0
      reap enter 0 ^Yes$
      spawn other $CTL alert "Pick" --button A --button B --button C --cancel 0
      until 5000 sh -c "$CTL state --json | grep -q Pick"
      key 3 LEFT 1
      key 3 LEFT 0
      key 3 ENTER 1
      key 3 ENTER 0
      reap other 11 ^B$
      spawn later $CTL alert "Reboot?" --button Later --button Reboot --default 0
      until 5000 sh -c "$CTL state --json | grep -q Reboot"
      key 3 ENTER 1
      key 3 ENTER 0
      reap later 10 ^Later$
      spawn reboot $CTL alert "Reboot?" --button Later --button Reboot --cancel 0 --default 0
      until 5000 sh -c "$CTL state --json | grep -q Reboot"
      key 3 RIGHT 1
      key 3 RIGHT 0
      key 3 ENTER 1
      key 3 ENTER 0
      reap reboot 0 ^Reboot$
      spawn no $CTL alert "Reboot?" --button Later --button Reboot --cancel 0 --default 0
      until 5000 sh -c "$CTL state --json | grep -q Reboot"
      key 3 ENTER 1
      key 3 ENTER 0
      reap no 1 ^Later$
      spawn late $CTL alert "Wait" --timeout 0.2
      reap late 5
      """)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains("KEY_"), "the daemon logged key names: \(result.stderr)")
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func menuFromStdinChosenWithArrowsAndEnter() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn pick sh -c "printf 'one\\ntwo\\nthree\\n' | $CTL menu --title Fruit"
      until 5000 sh -c "$CTL state --json | grep -q three"
      key 3 DOWN 1
      key 3 DOWN 0
      key 3 ENTER 1
      key 3 ENTER 0
      reap pick 0 ^two$
      spawn cancel sh -c "printf 'one\\ntwo\\n' | $CTL menu"
      until 5000 sh -c "$CTL state --json | grep -q two"
      key 3 ESC 1
      key 3 ESC 0
      reap cancel 1
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func hotkeyOpensConfiguredMenuAndAClientDefinedOne() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig(
      """
      log_level = "info"

      [[hotkeys]]
      key = "ctrl+alt+m"
      menu = "main"

      [[hotkeys]]
      key = "KEY_F5"
      menu = "scripted"

      [menus.main]
      title = "Main"
      items = [
        { title = "Volume", items = [ { title = "Louder", invoke = "none" } ] },
        { title = "About", alert = { title = "keymenu" } },
      ]
      """)
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn watch $CTL subscribe menu --json
      wait 300
      key 3 LEFTCTRL 1
      key 3 LEFTALT 1
      key 3 M 1
      key 3 M 0
      key 3 LEFTALT 0
      key 3 LEFTCTRL 0
      until 5000 sh -c "$CTL state --json | grep -q Volume"
      key 3 ESC 1
      key 3 ESC 0
      until 5000 sh -c "$CTL state --json | grep -q '\\"stack\\":\\\\[\\\\]'"
      spawn define $PY $CLIENTS/define_menu.py
      until 5000 sh -c "$CTL call menu.list --json | grep -q scripted"
      key 3 F5 1
      key 3 F5 0
      until 5000 sh -c "$CTL state --json | grep -q Restart"
      key 3 ENTER 1
      key 3 ENTER 0
      reap define 0 selector.invoked
      signal TERM
      exit
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }
}
