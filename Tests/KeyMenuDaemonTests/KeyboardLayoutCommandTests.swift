import Foundation
import KeyMenuTestSupport
import Testing

/// keymenud on an emulated keyboard (umockdev) under configured keyboard
/// layouts: `keymenuctl prompt` prints what the layout types and
/// `keymenuctl menu --filter` filters by it, the device's own layout
/// (`[[keyboard.devices]]`, matched by the name the kernel reports) over
/// `[keyboard]`'s.
@Suite(.serialized)
struct KeyboardLayoutCommandTests {
  init() throws { try DaemonHarness.checkEmulation() }

  @Test(.enabled(if: DaemonHarness.runs))
  func theKeyboardTypesWithItsOwnLayout() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig(
      """
      log_level = "info"

      [keyboard]
      layout = "de"

      [[keyboard.devices]]
      name = "keymenu Test*"
      layout = "fr"
      """)
    // On AZERTY the keys at Q, Y and ; type a, y and m (German: q, z and ö).
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn typed $CTL prompt "Name?"
      until 5000 sh -c "$CTL state --json | grep -q Name"
      key 3 Q 1
      key 3 Q 0
      key 3 Y 1
      key 3 Y 0
      key 3 SEMICOLON 1
      key 3 SEMICOLON 0
      key 3 ENTER 1
      key 3 ENTER 0
      reap typed 0 ^aym$
      spawn chosen sh -c "printf 'Quit\\nAlpha\\n' | $CTL menu --filter"
      until 10000 sh -c "$CTL status --json | grep -q '\\"modal_depth\\":1'"
      key 3 Q 1
      key 3 Q 0
      until 5000 sh -c "$CTL state --json | grep -q '\\"filter\\":\\"a\\"'"
      key 3 ENTER 1
      key 3 ENTER 0
      reap chosen 0 ^Alpha$
      """)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains("does not compile"), "\(result.stderr)")
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func aLayoutThatDoesNotCompileIsAWarningAndTheUSLayout() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("[keyboard]\nlayout = \"xx\"\n")
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn typed $CTL prompt "Name?"
      until 5000 sh -c "$CTL state --json | grep -q Name"
      key 3 Q 1
      key 3 Q 0
      key 3 ENTER 1
      key 3 ENTER 0
      reap typed 0 ^q$
      """)
    #expect(result.status == 0, "\(result.stderr)")
    let warnings = result.stderr.split(separator: "\n").filter { $0.contains("keyboard layout xx") }
    #expect(warnings.count == 1, "\(result.stderr)")
  }
}
