import Foundation
import KeyMenuTestSupport
import Testing

/// What a new user meets on the first day with keymenuctl: a readable
/// status on a terminal, dmenu's exit for empty input, a title that must be
/// there, and errors that say what happened rather than "refused".
@Suite(.serialized)
struct FirstDayTests {
  init() throws { try DaemonHarness.checkEmulation() }

  @Test(.enabled(if: DaemonHarness.runs))
  func theHotkeyOfTheMenuInFrontClosesIt() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig(
      """
      log_level = "info"
      [[hotkeys]]
      key = "KEY_F6"
      menu = "power"
      [menus.power]
      title = "Power"
      items = [ { title = "Reboot", invoke = "none" }, { title = "Other", menu = "power" } ]
      """)
    let depth = { (n: Int) in "until 3000 sh -c \"$CTL status --json | grep -q '\\\"modal_depth\\\":\(n)'\"" }
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      key 3 F6 1
      key 3 F6 0
      \(depth(1))
      key 3 F6 1
      key 3 F6 0
      \(depth(0))
      key 3 F6 1
      key 3 F6 0
      \(depth(1))
      spawn alert $CTL alert "On top" --button OK --cancel 0
      \(depth(2))
      key 3 F6 1
      key 3 F6 0
      \(depth(3))
      key 3 F6 1
      key 3 F6 0
      \(depth(2))
      key 3 ESC 1
      key 3 ESC 0
      reap alert 3
      \(depth(1))
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func configuredItemsKeepTheirStableNamesAcrossReloads() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig(
      """
      log_level = "info"
      [[hotkeys]]
      key = "KEY_F7"
      invoke = "box.show-ip"
      [menus.box]
      items = [ { title = "Show IP", alert = { title = "Address shown" } }, { title = "Other", id = "other", invoke = "x" } ]
      """)
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn list sh -c "$CTL selectors --json | grep -q '\\"stable\\":\\"box.show-ip\\"'"
      reap list 0
      spawn first $CTL invoke box.show-ip
      reap first 0
      until 3000 sh -c "$CTL state --json | grep -q 'Address shown'"
      key 3 ENTER 1
      key 3 ENTER 0
      until 3000 sh -c "$CTL state --json | grep -vq 'Address shown'"
      spawn reload $CTL reload
      reap reload 0
      spawn again $CTL invoke box.show-ip
      reap again 0
      until 3000 sh -c "$CTL state --json | grep -q 'Address shown'"
      key 3 ENTER 1
      key 3 ENTER 0
      until 3000 sh -c "$CTL state --json | grep -vq 'Address shown'"
      key 3 F7 1
      key 3 F7 0
      until 3000 sh -c "$CTL state --json | grep -q 'Address shown'"
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func aConfiguredAlertsButtonActsOnTheAnswer() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig(
      """
      log_level = "info"
      [[hotkeys]]
      key = "KEY_F8"
      alert = { title = "Open the box?", buttons = ["Cancel", { title = "Open", menu = "box" }], cancel = "Cancel" }
      [menus.box]
      items = [ { title = "Inside the box", invoke = "x" } ]
      """)
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      key 3 F8 1
      key 3 F8 0
      until 3000 sh -c "$CTL state --json | grep -q 'Open the box'"
      key 3 ESC 1
      key 3 ESC 0
      until 3000 sh -c "$CTL status --json | grep -q '\\"modal_depth\\":0'"
      wait 200
      spawn none sh -c "$CTL state --json | grep -q 'Inside the box'"
      reap none 1
      key 3 F8 1
      key 3 F8 0
      until 3000 sh -c "$CTL state --json | grep -q 'Open the box'"
      key 3 ENTER 1
      key 3 ENTER 0
      until 3000 sh -c "$CTL state --json | grep -q 'Inside the box'"
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func aDmenuSizedListIsSentInPartsAndChosenFrom() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    // 20,000 lines (about 600 KB of requests, ten times the line limit),
    // a tab in one of them, and the last one chosen with End, Enter.
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn big sh -c "(seq -f 'item number %g here' 19999; printf 'last\\tline\\n') | $CTL menu --filter"
      until 10000 sh -c "$CTL status --json | grep -q '\\"modal_depth\\":1'"
      key 3 END 1
      key 3 END 0
      key 3 ENTER 1
      key 3 ENTER 0
      reap big 0 '^last\tline$'
      spawn cancelled sh -c "seq 9000 | $CTL menu"
      until 10000 sh -c "$CTL status --json | grep -q '\\"modal_depth\\":1'"
      key 3 ESC 1
      key 3 ESC 0
      reap cancelled 1
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func smallThingsANewUserMeets() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    // `script` gives keymenuctl status a terminal, as a person has.
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn summary script -qec "$CTL status" /dev/null
      reap summary 0 'keymenud .* \\(protocol 1\\), up '
      spawn summary2 script -qec "$CTL status" /dev/null
      reap summary2 0 'in front: nothing'
      spawn json sh -c "$CTL status | head -c 1"
      reap json 0 '^\\{'
      spawn empty sh -c "$CTL menu < /dev/null"
      reap empty 1
      spawn untitled $CTL alert ""
      reap untitled 2
      spawn unknown $CTL invoke no.such.selector
      reap unknown 255
      spawn unknown2 sh -c "$CTL invoke no.such.selector 2>&1 | grep -v refused | grep 'not found'"
      reap unknown2 0
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }
}
