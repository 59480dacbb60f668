import Foundation
import KeyMenuTestSupport
import Testing

/// Leader sequences end to end, on emulated devices (umockdev): the
/// remote's Menu and then 1 open a menu; after Menu alone, the hint of the
/// next keys is on `keymenuctl ui --plain`; a wrong key from the keyboard
/// ends the sequence without firing, and its key goes nowhere.
@Suite(.serialized)
struct RemoteSequenceTests {
  init() throws { try DaemonHarness.checkEmulation() }

  static let config = """
    [gestures]
    hint_ms = 300
    sequence_ms = 60000
    [[hotkeys]]
    keys = ["Menu", "numeric_1"]
    menu = "box"
    [[hotkeys]]
    keys = ["Menu", "numeric_2"]
    label = "Power off"
    menu = "power"
    [menus.box]
    title = "Media box"
    items = [{ title = "Play", invoke = "none" }]
    [menus.power]
    title = "Power"
    items = [{ title = "Off", invoke = "none" }]
    """

  @Test(.enabled(if: DaemonHarness.runs))
  func theHintIsShownAndTheSequenceFiresOrEnds() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig(Self.config)
    let result = try harness.run(
      """
      plug 3 keyboard
      plug 5 remote
      until 5000 sh -c "$CTL call devices.list --json | grep -q 'IR Remote'"
      spawn ui sh -c "$CTL ui --plain > $DIR/ui.txt"
      until 3000 grep -q 'Nothing in front' $DIR/ui.txt
      key 5 MENU 1
      key 5 MENU 0
      until 3000 grep -q '1: Media box' $DIR/ui.txt
      spawn hint grep -c '2: Power off' $DIR/ui.txt
      reap hint 0
      key 5 NUMERIC_1 1
      key 5 NUMERIC_1 0
      until 3000 grep -q 'Play' $DIR/ui.txt
      spawn gone sh -c "$CTL state --json | grep -c '\\"dialog\\":\\"hint\\"'"
      reap gone 1 '^0$'
      key 5 MENU 1
      key 5 MENU 0
      until 3000 sh -c "$CTL state --json | grep -q '\\"dialog\\":\\"hint\\"'"
      key 3 X 1
      key 3 X 0
      until 3000 sh -c "! $CTL state --json | grep -q '\\"dialog\\":\\"hint\\"'"
      spawn depth sh -c "$CTL status --json | grep -o '\\"modal_depth\\":[0-9]*'"
      reap depth 0 '"modal_depth":1'
      signal TERM
      exit
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }
}
