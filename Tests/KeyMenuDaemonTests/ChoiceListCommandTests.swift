import Foundation
import KeyMenuTestSupport
import Testing

/// `keymenuctl checklist` and `keymenuctl radiolist` against keymenud over
/// its socket: answered on an emulated keyboard (Space, digits, Tab,
/// Enter, Esc) and on the emulated IR remote (OK marks, Right then OK
/// confirms, Back cancels); the marked items' tags are printed one per
/// line and the exit status says how the list ended.
@Suite(.serialized)
struct ChoiceListCommandTests {
  init() throws { try DaemonHarness.checkEmulation() }

  @Test(.enabled(if: DaemonHarness.runs))
  func aKeyboardChecksWithSpaceAndDigitsAndTellsEscFromNothingChecked() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn boot sh -c "printf 'ssh\\tSecure shell\\nweb\\tWeb server\\n\\nftp\\tFile transfer\\n' | $CTL checklist 'Start at boot' --on ssh"
      until 5000 sh -c "$CTL state --json | grep -q 'Start at boot'"
      until 2000 sh -c "$CTL status --json | grep -q '\\"grabbed\\":1'"
      key 3 DOWN 1
      key 3 DOWN 0
      key 3 SPACE 1
      key 3 SPACE 0
      key 3 KEY_3 1
      key 3 KEY_3 0
      key 3 ENTER 1
      key 3 ENTER 0
      reap boot 0 '^ssh\\nweb\\nftp\\n$'
      spawn none $CTL checklist Printers Office Lab --highlight Lab --no-tags
      until 5000 sh -c "$CTL state --json | grep -q Printers"
      key 3 SPACE 1
      key 3 SPACE 0
      key 3 SPACE 1
      key 3 SPACE 0
      key 3 ENTER 1
      key 3 ENTER 0
      reap none 0 ^$
      spawn cancel $CTL checklist Printers Office Lab --cancel-button Back
      until 5000 sh -c "$CTL state --json | grep -q Back"
      key 3 KEY_1 1
      key 3 KEY_1 0
      key 3 TAB 1
      key 3 TAB 0
      key 3 TAB 1
      key 3 TAB 0
      key 3 ENTER 1
      key 3 ENTER 0
      reap cancel 1 ^$
      spawn size $CTL radiolist Size small medium large --on medium --json
      until 5000 sh -c "$CTL state --json | grep -q Size"
      key 3 END 1
      key 3 END 0
      key 3 SPACE 1
      key 3 SPACE 0
      key 3 ESC 1
      key 3 ESC 0
      reap size 1 "cancelled.:true,.reason.:.escape"
      until 2000 sh -c "$CTL status --json | grep -q '\\"grabbed\\":0'"
      """)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains("KEY_"), "the daemon logged key names: \(result.stderr)")
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func aRemoteMarksWithOKAndConfirmsWithRightThenOK() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let result = try harness.run(
      """
      plug 5 remote
      until 5000 $CTL status
      spawn input $CTL radiolist Input "HDMI 1" "HDMI 2" "HDMI 3" --on "HDMI 1" --no-cancel
      until 5000 sh -c "$CTL state --json | grep -q 'HDMI 3'"
      key 5 DOWN 1
      key 5 DOWN 0
      key 5 OK 1
      key 5 OK 0
      key 5 RIGHT 1
      key 5 RIGHT 0
      key 5 OK 1
      key 5 OK 0
      reap input 0 '^HDMI 2\\n$'
      spawn apps $CTL checklist Apps "kodi\tKodi" "tv\tLive TV" "web\tBrowser"
      until 5000 sh -c "$CTL state --json | grep -q 'Live TV'"
      key 5 NUMERIC_3 1
      key 5 NUMERIC_3 0
      key 5 UP 1
      key 5 UP 0
      key 5 UP 1
      key 5 UP 0
      key 5 OK 1
      key 5 OK 0
      key 5 DOWN 1
      key 5 DOWN 0
      key 5 DOWN 1
      key 5 DOWN 0
      key 5 DOWN 1
      key 5 DOWN 0
      key 5 OK 1
      key 5 OK 0
      reap apps 0 '^kodi\\nweb\\n$'
      spawn back $CTL checklist Apps kodi tv
      until 5000 sh -c "$CTL state --json | grep -q Apps"
      key 5 OK 1
      key 5 OK 0
      key 5 BACK 1
      key 5 BACK 0
      reap back 1 ^$
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func usageErrorsAreStatusTwoAndNoDaemonIs255() throws {
    let harness = try DaemonHarness()
    let run = { (arguments: [String], input: String) throws -> TestProcess.Result in
      try TestProcess.run(
        [DaemonHarness.keymenuctl] + arguments, input: input,
        environment: ["KEYMENU_SOCKET": harness.socket])
    }
    let noItems = try run(["checklist", "T"], "\n\n")
    #expect(noItems.status == 2, "\(noItems.stderr)")
    #expect(noItems.stderr.contains("no items"))
    let unknown = try run(["radiolist", "T", "a", "b", "--on", "c"], "")
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("no item is named 'c'"))
    let twice = try run(["radiolist", "T", "a", "b", "--on", "a", "--on", "b"], "")
    #expect(twice.status == 2)
    let emptyTitle = try run(["checklist", "", "a"], "")
    #expect(emptyTitle.status == 2)
    let noDaemon = try run(["checklist", "T", "a"], "")
    #expect(noDaemon.status == 255, "\(noDaemon.stderr)")
  }
}
