import Foundation
import KeyMenuTestSupport
import Testing

/// `keymenuctl menu` against keymenud on an emulated keyboard, as whiptail's
/// and dialog's menus are used: VALUE<TAB>TITLE lines, the value printed,
/// the item highlighted first named by `--default`, and `--timeout` exiting 5
/// when no key comes (the documented exit status; nothing is timed here).
@Suite(.serialized)
struct MenuCommandTests {
  init() throws { try DaemonHarness.checkEmulation() }

  @Test(.enabled(if: DaemonHarness.runs))
  func valuesAreShownByTitlePrintedAndTheDefaultIsHighlightedFirst() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn tagged sh -c "printf 'eth0\\tWired\\nwlan0\\tWi-Fi\\nppp0\\tModem\\n' | $CTL menu --values --default wlan0"
      until 5000 sh -c "$CTL state --json | grep -q Modem"
      until 2000 sh -c "$CTL state --json | grep -q '\\"highlight\\":1'"
      key 3 DOWN 1
      key 3 DOWN 0
      key 3 ENTER 1
      key 3 ENTER 0
      reap tagged 0 ^ppp0$
      spawn titled sh -c "printf 'one\\ntwo\\nthree\\n' | $CTL menu --default three --timeout 600"
      until 5000 sh -c "$CTL state --json | grep -q '\\"highlight\\":2'"
      key 3 ENTER 1
      key 3 ENTER 0
      reap titled 0 ^three$
      spawn ignored sh -c "printf 'one\\ntwo\\n' | $CTL menu --default nothing"
      until 5000 sh -c "$CTL state --json | grep -q '\\"highlight\\":0'"
      key 3 ESC 1
      key 3 ESC 0
      reap ignored 1
      spawn idle sh -c "printf 'one\\ntwo\\n' | $CTL menu --timeout 0.2"
      reap idle 5
      until 2000 sh -c "$CTL state --json | grep -q '\\"stack\\":\\\\[\\\\]'"
      """)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains("KEY_"), "the daemon logged key names: \(result.stderr)")
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func aConfiguredMenusValueIsPrintedWithName() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig(
      """
      log_level = "info"

      [menus.net]
      title = "Network"
      items = [
        { title = "Wired", value = "eth0", invoke = "iface.up" },
        { title = "Off", invoke = "iface.down" },
      ]
      """)
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn valued $CTL menu --name net
      until 5000 sh -c "$CTL state --json | grep -q Network"
      key 3 ENTER 1
      key 3 ENTER 0
      reap valued 0 ^eth0$
      spawn titled $CTL menu --name net --default Off
      until 5000 sh -c "$CTL state --json | grep -q '\\"highlight\\":1'"
      key 3 ENTER 1
      key 3 ENTER 0
      reap titled 0 ^Off$
      spawn refused $CTL menu --name net --values
      reap refused 2
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }
}
