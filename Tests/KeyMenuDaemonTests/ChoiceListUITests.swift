import Foundation
import KeyMenuTestSupport
import Testing

/// A checklist drawn by `keymenuctl ui` (tmux, 80×24) against a live
/// keymenud on an emulated keyboard: check boxes, tags, the highlight and
/// the focused button follow the keys.
@Suite(.serialized)
struct ChoiceListUITests {
  init() throws {
    if DaemonHarness.requireEmulation {
      try #require(DaemonHarness.hasUmockdev, "umockdev is required")
      try #require(TerminalUITests.hasTmux, "tmux is required (make deps installs it)")
    }
  }

  @Test(
    .enabled(if: (DaemonHarness.hasUmockdev && TerminalUITests.hasTmux) || DaemonHarness.requireEmulation))
  func aChecklistIsDrawnAsItIsMarkedAndItsButtonsFocused() throws {
    let harness = try DaemonHarness()
    let tmux = "env -u LD_PRELOAD LANG=C.UTF-8 tmux -f /dev/null -S \(harness.directory)/tmux.sock"
    defer { _ = try? TestProcess.run(["/bin/sh", "-c", "\(tmux) kill-server 2>/dev/null"]) }
    try harness.writeConfig("log_level = \"info\"\n")
    let scenario = TerminalUITests.expand(
      #"""
      plug 3 keyboard
      until 5000 $CTL status
      until 3000 $TMUX new-session -d -x 80 -y 24 "$CTL ui --socket $DIR/s.sock"
      screen empty 'Nothing in front'
      spawn boot $CTL checklist "Start at boot" "ssh\#tSecure shell" "web\#tWeb server" --on ssh --message "Pick the services."
      screen shown 'Start at boot'
      key 3 DOWN 1
      key 3 DOWN 0
      key 3 SPACE 1
      key 3 SPACE 0
      screen checked '▶ \[x\] web'
      key 3 TAB 1
      key 3 TAB 0
      screen focused '\[ OK \]'
      key 3 ENTER 1
      key 3 ENTER 0
      reap boot 0 ssh
      screen after 'Nothing in front'
      signal TERM
      exit
      """#, tmux: tmux)
    let result = try harness.run(scenario)
    #expect(result.status == 0, "\(result.stderr)")
    guard result.status == 0 else { return }
    func box(_ name: String) throws -> [String] {
      try String(contentsOfFile: "\(harness.directory)/\(name).txt", encoding: .utf8)
        .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { $0.hasPrefix("│") || $0.hasPrefix("┌") || $0.hasPrefix("└") }
    }
    #expect(
      try box("checked") == [
        "┌─ Start at boot ─────────────────────────┐",
        "│ Pick the services.                      │",
        "│                                         │",
        "│   [x] ssh  Secure shell                 │",
        "│ ▶ [x] web  Web server                   │",
        "│                                         │",
        "│              OK     Cancel              │",
        "└─ Space: mark · Enter: OK · Esc: Cancel ─┘",
      ])
    #expect(
      try box("focused") == [
        "┌─ Start at boot ─────────────────────────┐",
        "│ Pick the services.                      │",
        "│                                         │",
        "│   [x] ssh  Secure shell                 │",
        "│ ▶ [x] web  Web server                   │",
        "│                                         │",
        "│            [ OK ]   Cancel              │",
        "└─ Enter: OK · Esc: Cancel ───────────────┘",
      ], "the box keeps its size as the focus moves to the buttons")
  }
}
