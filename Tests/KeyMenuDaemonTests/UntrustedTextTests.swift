import Foundation
import KeyMenuCore
import KeyMenuTestSupport
import Testing

/// Text keymenu did not write, from a device's name and from configuration
/// strings, on its way to the log and to `keymenuctl ui --plain`: no raw
/// control or bidi character arrives, and a device cannot forge log lines.
@Suite(.serialized)
struct UntrustedTextTests {
  init() throws { try DaemonHarness.checkEmulation() }

  /// Whether `text` holds nothing but allowed characters and newlines.
  static func isClean(_ text: String) -> Bool { ShownText.isClean(text, allowingNewlines: true) }

  @Test(.enabled(if: DaemonHarness.runs))
  func aDeviceNamedWithEscapesAndNewlinesIsLoggedOnOneEscapedLine() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let result = try harness.run(
      """
      plug 9 hostile
      until 5000 sh -c "$CTL call devices.list | grep -q event9"
      """)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.isClean(result.stderr), "\(ShownText.escaped(result.stderr))")
    let lines = result.stderr.split(separator: "\n")
    let arrival = lines.filter { $0.contains("/dev/input/event9") && $0.contains("Evil") }
    #expect(arrival.count == 1, "\(lines)")
    #expect(
      arrival.first?.contains(#"Evil\x1B]0;pwned\x07\x1B[2J\n\nfake log: admin \u{202E}gnp.exe"#) == true)
    #expect(!lines.contains { $0.hasPrefix("fake log") }, "\(lines)")
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func aPluginsStandardErrorIsLoggedLineByLineWithItsNameAndEscaped() throws {
    let harness = try ExternalPluginTests.harness(copying: [DaemonHarness.fixtures + "/plugins/misbehave.py"])
    try harness.writeConfig(
      """
      log_level = "info"
      [plugins.noisy]
      program = ["/usr/bin/python3", "\(harness.directory)/misbehave.py", "noisy"]
      user = "nobody"
      restart = "never"
      """)
    let result = try harness.run(
      """
      until 5000 $CTL status
      until 5000 sh -c "$CTL plugins --json | grep -q running"
      wait 300
      """)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.isClean(result.stderr), "\(ShownText.escaped(result.stderr))")
    let lines = result.stderr.split(separator: "\n")
    #expect(
      lines.contains { $0.hasSuffix(#"plugin noisy: title\x1B]0;pwned\x07 cleared\x1B[2J\r"#) }, "\(lines)")
    #expect(
      lines.contains { $0.hasSuffix(#"plugin noisy: info keymenud: fake log: admin \u{202E}"#) }, "\(lines)")
    #expect(!lines.contains { $0.hasPrefix("info keymenud: fake") }, "\(lines)")
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func configuredTitlesWithEscapesAreDrawnVisiblyByUIPlain() throws {
    let harness = try DaemonHarness()
    // TOML's \u escapes put ESC, BEL, CR, BS, DEL, a C1 CSI and bidi overrides
    // into every text the configuration gives a menu and an alert.
    let evil = #"\u001b]0;pwned\u0007\u001b[2J\u001b[31m\r\b\u007f\u009b1A\u202e"#
    try harness.writeConfig(
      """
      log_level = "info"

      [[hotkeys]]
      key = "KEY_F6"
      menu = "evil"

      [[hotkeys]]
      key = "KEY_F7"
      alert = { title = "Erase\(evil)", message = "one\(evil)\\ntwo\\u2066", buttons = ["Cancel\(evil)", "Erase disk"], cancel = 0 }

      [menus.evil]
      title = "Menu\(evil)"
      items = [
        { title = "First\(evil)", invoke = "none" },
        { title = "Second\\u2067", items = [ { title = "Deep\(evil)", invoke = "none" } ] },
      ]
      """)
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn ui sh -c "$CTL ui --plain > $DIR/ui.txt"
      until 3000 grep -q 'Nothing in front' $DIR/ui.txt
      key 3 F6 1
      key 3 F6 0
      until 3000 grep -q 'Second' $DIR/ui.txt
      key 3 DOWN 1
      key 3 DOWN 0
      key 3 ENTER 1
      key 3 ENTER 0
      until 3000 grep -q 'Deep' $DIR/ui.txt
      key 3 ESC 1
      key 3 ESC 0
      key 3 ESC 1
      key 3 ESC 0
      key 3 F7 1
      key 3 F7 0
      until 3000 grep -q 'Erase disk' $DIR/ui.txt
      key 3 ESC 1
      key 3 ESC 0
      until 3000 sh -c "tail -3 $DIR/ui.txt | grep -q 'Nothing in front'"
      """)
    #expect(result.status == 0, "\(result.stderr)")
    let output = try String(contentsOfFile: harness.directory + "/ui.txt", encoding: .utf8)
    #expect(Self.isClean(output), "\(ShownText.escaped(output))")
    #expect(Self.isClean(result.stderr), "\(ShownText.escaped(result.stderr))")
    #expect(output.contains("Menu␛]0;pwned␇␛[2J␛[31m␍␈␡<U+009B>1A<U+202E>"))
    #expect(output.contains("│ one␛]0;pwned␇␛[2J␛[31m␍␈␡<U+009B>1A<U+202E>"))
    #expect(output.contains("two<U+2066>"))
    // Every picture is a box whose lines have one width.
    for picture in output.components(separatedBy: "\n\n") where picture.contains("┌") {
      let widths = Set(
        picture.split(separator: "\n").filter { $0.hasPrefix("┌") || $0.hasPrefix("│") }.map {
          $0.count
        })
      #expect(widths.count == 1, "\(picture)")
    }
  }
}
