import Foundation
import KeyMenuTestSupport
import Testing

/// `keymenuctl gauge`, `textbox` and `infobox` against keymenud on an
/// emulated keyboard: a gauge moved by standard input while a menu is in
/// front of it, closed by the end of input or cancelled with Esc; a file
/// read in a text box with its tabs expanded; an info box that stays after
/// its command.
@Suite(.serialized)
struct DialogCommandsTests {
  init() throws { try DaemonHarness.checkEmulation() }

  @Test(.enabled(if: DaemonHarness.runs))
  func aGaugeMovesUnderAMenuAndClosesAtTheEndOfInput() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn gauge sh -c "{ echo 40 Copying; until $CTL state --json | grep -q Lights; do sleep 0.05; done; echo 70 Almost; until test -e $DIR/go; do sleep 0.05; done; } | $CTL gauge Install --message Start"
      until 5000 sh -c "$CTL state --json | grep -q '\\"percent\\":40'"
      spawn menu sh -c "printf 'On\\nOff\\n' | $CTL menu --title Lights"
      until 5000 sh -c "$CTL state --json | grep -q '\\"percent\\":70'"
      until 5000 sh -c "$CTL state --json | grep -q '\\"text\\":\\"Almost\\"'"
      key 3 DOWN 1
      key 3 DOWN 0
      key 3 ENTER 1
      key 3 ENTER 0
      reap menu 0 ^Off$
      until 2000 touch $DIR/go
      reap gauge 0
      until 5000 sh -c "$CTL state --json | grep -q '\\"stack\\":\\\\[\\\\]'"
      spawn stop sh -c "mkfifo $DIR/feed; $CTL gauge Stoppable --cancellable 0<>$DIR/feed"
      until 5000 sh -c "$CTL state --json | grep -q Stoppable"
      key 3 ESC 1
      key 3 ESC 0
      reap stop 1
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func aFileIsReadInATextBoxAndAnInfoBoxStaysAfterItsCommand() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    try "Name\tValue\n\((1...40).map { "Line \($0)" }.joined(separator: "\n"))\n".write(
      toFile: harness.directory + "/notes.txt", atomically: true, encoding: .utf8)
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn box $CTL textbox Notes $DIR/notes.txt --page-lines 5
      until 5000 sh -c "$CTL state --json | grep -q 'Name    Value'"
      key 3 PAGEDOWN 1
      key 3 PAGEDOWN 0
      until 5000 sh -c "$CTL state --json | grep -q '\\"first\\":5'"
      key 3 ENTER 1
      key 3 ENTER 0
      reap box 0
      spawn info $CTL infobox Working --message Wait
      reap info 0 ^infobox-1$
      until 5000 sh -c "$CTL state --json | grep -q '\\"dialog\\":\\"infobox\\"'"
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }
}
