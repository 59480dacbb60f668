import Foundation
import KeyMenuTestSupport
import Testing

/// Hotkey gestures and device-limited hotkeys end to end, on emulated
/// devices (umockdev): long-press OK on the IR remote opens a context menu
/// while a short press does its plain binding, and a binding limited to the
/// remote does not fire from the keyboard.
@Suite(.serialized)
struct RemoteGestureTests {
  init() throws { try DaemonHarness.checkEmulation() }

  @Test(.enabled(if: DaemonHarness.runs))
  func longPressOnTheRemoteAndBindingsLimitedToIt() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig(
      """
      [[hotkeys]]
      key = "KEY_MENU"
      devices = [{ kind = "remote" }]
      menu = "box"
      [[hotkeys]]
      key = "KEY_OK"
      gesture = "long"
      devices = [{ kind = "remote" }]
      menu = "context"
      [menus.box]
      title = "Media box"
      items = [{ title = "Play", invoke = "none" }]
      [menus.context]
      title = "Context"
      items = [{ title = "Delete", invoke = "none" }]
      """)
    // The keyboard's Menu: limited to the remote, it opens nothing. The
    // remote's OK tapped: only a long press is bound, nothing. OK held 900 ms
    // on the remote: the context menu. Then the remote's Menu opens the box
    // over it.
    let result = try harness.run(
      """
      plug 3 keyboard
      plug 5 remote
      until 5000 sh -c "$CTL call devices.list --json | grep -q 'IR Remote'"
      key 3 MENU 1
      key 3 MENU 0
      key 5 OK 1
      wait 100
      key 5 OK 0
      wait 800
      spawn nothing sh -c "$CTL status --json | grep -o '\\"modal_depth\\":[0-9]*'"
      reap nothing 0 '"modal_depth":0'
      key 5 OK 1
      wait 900
      key 5 OK 0
      until 3000 sh -c "$CTL state --json | grep -q 'Context'"
      key 5 MENU 1
      key 5 MENU 0
      until 3000 sh -c "$CTL state --json | grep -q 'Media box'"
      spawn both sh -c "$CTL status --json | grep -o '\\"modal_depth\\":[0-9]*'"
      reap both 0 '"modal_depth":2'
      signal TERM
      exit
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }

  /// The remote's red key answers `keymenuctl menu --key red=10`: the item
  /// highlighted is printed and the exit status is 10, as rofi's custom keys.
  @Test(.enabled(if: DaemonHarness.runs))
  func theRedKeyAnswersAMenuWithItsStatus() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("")
    let result = try harness.run(
      """
      plug 5 remote
      until 5000 sh -c "$CTL call devices.list --json | grep -q 'IR Remote'"
      spawn red sh -c "printf 'one\\ntwo\\nthree\\n' | $CTL menu --key red=10 --key blue=11"
      until 3000 sh -c "$CTL state --json | grep -q 'three'"
      wait 300
      key 5 DOWN 1
      key 5 DOWN 0
      key 5 RED 1
      key 5 RED 0
      reap red 10 '^two$'
      signal TERM
      exit
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }

  /// Back pressed twice within the window fires its double binding; once,
  /// its plain binding fires when the window has passed. (With a menu in
  /// front, Back is the menu's: modals see keys before hotkeys.) (A 1.5 s window,
  /// so that a loaded machine cannot split the two presses.)
  @Test(.enabled(if: DaemonHarness.runs))
  func aDoublePressAndASinglePressAfterTheWindow() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig(
      """
      [gestures]
      double_ms = 1500
      [[hotkeys]]
      key = "KEY_BACK"
      gesture = "double"
      menu = "power"
      [[hotkeys]]
      key = "KEY_BACK"
      menu = "box"
      [menus.power]
      title = "Power"
      items = [{ title = "Off", invoke = "none" }]
      [menus.box]
      title = "Media box"
      items = [{ title = "Play", invoke = "none" }]
      """)
    let result = try harness.run(
      """
      plug 5 remote
      until 5000 sh -c "$CTL call devices.list --json | grep -q 'IR Remote'"
      key 5 BACK 1
      key 5 BACK 0
      wait 100
      key 5 BACK 1
      key 5 BACK 0
      until 3000 sh -c "$CTL state --json | grep -q 'Power'"
      spawn double sh -c "! $CTL state --json | grep -q 'Media box'"
      reap double 0
      key 5 BACK 1
      key 5 BACK 0
      until 3000 sh -c "$CTL status --json | grep -q '\\"modal_depth\\":0'"
      wait 2000
      key 5 BACK 1
      key 5 BACK 0
      until 4000 sh -c "$CTL state --json | grep -q 'Media box'"
      spawn single sh -c "! $CTL state --json | grep -q 'Power'"
      reap single 0
      signal TERM
      exit
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }

  /// OK held on a menu item with a long action opens its context menu over
  /// the menu; Back closes the context menu and the menu is as it was; OK
  /// tapped on the same item chooses it (on the way up).
  @Test(.enabled(if: DaemonHarness.runs))
  func holdingOKOnAnItemOpensItsContextMenu() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig(
      """
      [[hotkeys]]
      key = "KEY_MENU"
      menu = "box"
      [menus.box]
      title = "Media box"
      items = [
        { title = "Movie", invoke = "none", long = { menu = "context" } },
        { title = "News", invoke = "none" },
      ]
      [menus.context]
      title = "Movie options"
      items = [{ title = "Delete", invoke = "none" }]
      """)
    let depth = #"sh -c "$CTL status --json | grep -o '\"modal_depth\":[0-9]*'""#
    let result = try harness.run(
      """
      plug 5 remote
      until 5000 sh -c "$CTL call devices.list --json | grep -q 'IR Remote'"
      key 5 MENU 1
      key 5 MENU 0
      until 3000 sh -c "$CTL state --json | grep -q 'Media box'"
      key 5 OK 1
      wait 900
      key 5 OK 0
      until 3000 sh -c "$CTL state --json | grep -q 'Movie options'"
      spawn both \(depth)
      reap both 0 '"modal_depth":2'
      key 5 BACK 1
      key 5 BACK 0
      until 3000 sh -c "! $CTL state --json | grep -q 'Movie options'"
      spawn box \(depth)
      reap box 0 '"modal_depth":1'
      key 5 OK 1
      wait 100
      key 5 OK 0
      until 3000 sh -c "$CTL status --json | grep -q '\\"modal_depth\\":0'"
      signal TERM
      exit
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }

  /// Every answer names the device whose key gave it, as `devices.list`
  /// numbers it: the remote's OK answers an alert with the remote's id, the
  /// keyboard's Esc cancels a menu with the keyboard's, the remote's OK
  /// answers a prompt (a dialog kind) with the remote's.
  @Test(.enabled(if: DaemonHarness.runs))
  func theAnswerNamesTheDeviceThatGaveIt() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("")
    let result = try harness.run(
      """
      plug 3 keyboard
      plug 5 remote
      until 5000 sh -c "$CTL call devices.list --json | grep -q 'IR Remote'"
      spawn ids sh -c "$CTL call devices.list --json > $DIR/devices.json"
      reap ids 0
      spawn alert sh -c "$CTL call alert.show '{\\"title\\":\\"Record?\\",\\"buttons\\":[\\"No\\",\\"Yes\\"]}' --json"
      until 3000 sh -c "$CTL state --json | grep -q 'Record'"
      key 5 OK 1
      key 5 OK 0
      reap alert 0 '"device":2'
      spawn menu sh -c "$CTL call menu.open '{\\"title\\":\\"Choose\\",\\"items\\":[{\\"title\\":\\"a\\"}]}' --json"
      until 3000 sh -c "$CTL state --json | grep -q 'Choose'"
      key 3 ESC 1
      key 3 ESC 0
      reap menu 0 '"device":1'
      spawn prompt sh -c "$CTL call prompt.show '{\\"title\\":\\"Name\\",\\"text\\":\\"Kodi\\"}' --json"
      until 3000 sh -c "$CTL state --json | grep -q 'Name'"
      key 5 OK 1
      key 5 OK 0
      reap prompt 0 '"device":2'
      signal TERM
      exit
      """)
    #expect(result.status == 0, "\(result.stderr)")
    let devices = try String(contentsOfFile: harness.directory + "/devices.json", encoding: .utf8)
    #expect(devices.contains(#""id":2"#) && devices.contains("IR Remote"), "\(devices)")
  }

  /// An alert for the remote only ("ask the remote, not the keyboard"):
  /// the keyboard's Enter passes it by, and its F6 reaches a hotkey (whose
  /// menu comes over the alert, and the remote's OK chooses in it); the
  /// remote's OK answers the alert then. A kind no device has is refused.
  /// A menu for the remote only: the keyboard's Esc passes it by, the
  /// remote's Back cancels it.
  @Test(.enabled(if: DaemonHarness.runs))
  func anAlertForTheRemoteOnlyLetsTheKeyboardBy() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig(
      """
      [[hotkeys]]
      key = "KEY_F6"
      menu = "box"
      [menus.box]
      title = "Media box"
      items = [{ title = "Play", invoke = "none" }]
      """)
    let depth = #"sh -c "$CTL status --json | grep -o '\"modal_depth\":[0-9]*'""#
    let result = try harness.run(
      """
      plug 3 keyboard
      plug 5 remote
      until 5000 sh -c "$CTL call devices.list --json | grep -q 'IR Remote'"
      spawn alert sh -c "$CTL call alert.show '{\\"title\\":\\"Record?\\",\\"buttons\\":[\\"No\\",\\"Yes\\"],\\"devices\\":[{\\"kind\\":\\"remote\\"}]}' --json"
      until 3000 sh -c "$CTL state --json | grep -q 'Record'"
      key 3 ENTER 1
      key 3 ENTER 0
      wait 300
      spawn still \(depth)
      reap still 0 '"modal_depth":1'
      key 3 F6 1
      key 3 F6 0
      until 3000 sh -c "$CTL state --json | grep -q 'Media box'"
      key 5 OK 1
      key 5 OK 0
      until 3000 sh -c "! $CTL state --json | grep -q 'Media box'"
      key 5 OK 1
      key 5 OK 0
      reap alert 0 '"device":2'
      spawn bad sh -c "$CTL call alert.show '{\\"title\\":\\"X\\",\\"devices\\":[{\\"kind\\":\\"tv\\"}]}' 2>&1"
      reap bad 255 'kind must be one of keyboard, keypad, remote, pointer, other'
      spawn menu sh -c "$CTL call menu.open '{\\"title\\":\\"Pick\\",\\"items\\":[{\\"title\\":\\"a\\"}],\\"devices\\":[{\\"kind\\":\\"remote\\"}]}' --json"
      until 3000 sh -c "$CTL state --json | grep -q 'Pick'"
      key 3 ESC 1
      key 3 ESC 0
      wait 300
      spawn open sh -c "$CTL state --json | grep -c 'Pick'"
      reap open 0 '^1$'
      key 5 BACK 1
      key 5 BACK 0
      reap menu 0 '"device":2'
      signal TERM
      exit
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }
}
