import Foundation
import KeyMenuTestSupport
import Testing

/// `keymenuctl prompt` against keymenud on an emulated keyboard: the text
/// typed is printed and the exit status says how the prompt ended, and
/// the keyboard is grabbed while a prompt is up (nothing typed into it
/// reaches another program).
@Suite(.serialized)
struct PromptCommandTests {
  init() throws { try DaemonHarness.checkEmulation() }

  @Test(.enabled(if: DaemonHarness.runs))
  func theTypedTextIsPrintedAndEscIsStatusOne() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn typed $CTL prompt "Name?" --text k
      until 5000 sh -c "$CTL state --json | grep -q Name"
      until 2000 sh -c "$CTL status --json | grep -q '\\"grabbed\\":1'"
      key 3 LEFTSHIFT 1
      key 3 O 1
      key 3 O 0
      key 3 LEFTSHIFT 0
      key 3 K 1
      key 3 K 0
      key 3 ENTER 1
      key 3 ENTER 0
      reap typed 0 ^kOk$
      spawn secret $CTL prompt "Password" --masked
      until 5000 sh -c "$CTL state --json | grep -q Password"
      key 3 S 1
      key 3 S 0
      until 5000 sh -c "$CTL state --json | grep -q '\\"text\\":\\"•\\"'"
      key 3 ESC 1
      key 3 ESC 0
      reap secret 1
      until 2000 sh -c "$CTL status --json | grep -q '\\"grabbed\\":0'"
      """)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains("KEY_"), "the daemon logged key names: \(result.stderr)")
  }
  /// Only a remote attached: the prompt shows its on-screen keyboard at
  /// once, and arrows and OK alone enter a password with a capital, a
  /// digit and a symbol.
  @Test(.enabled(if: DaemonHarness.runs))
  func aRemoteEntersAPasswordOnTheOnScreenKeyboard() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let result = try harness.run(
      """
      plug 5 remote
      until 5000 sh -c "$CTL call devices.list --json | grep -q 'IR Remote'"
      spawn secret $CTL prompt "Wi-Fi password" --masked
      until 5000 sh -c "$CTL state --json | grep -q '\\"keyboard\\"'"
      \(RemoteTyping.ab1Bang(device: 5))
      reap secret 0 ^Ab1!$
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }
}
