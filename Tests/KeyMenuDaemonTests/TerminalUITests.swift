import Foundation
import KeyMenuTestSupport
import Testing

/// `keymenuctl ui` in a real terminal (tmux, 80×24) against a live keymenud
/// on an emulated keyboard: the picture follows every change the person
/// makes, and the presenter ends when the daemon stops.
@Suite(.serialized)
struct TerminalUITests {
  static let hasTmux = FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")

  init() throws {
    if DaemonHarness.requireEmulation {
      try #require(DaemonHarness.hasUmockdev, "umockdev is required")
      try #require(Self.hasTmux, "tmux is required (make deps installs it)")
    }
  }

  @Test(.enabled(if: (DaemonHarness.hasUmockdev && hasTmux) || DaemonHarness.requireEmulation))
  func drawsTheFrontAlertAndMenuAndFollowsEveryKey() throws {
    let harness = try DaemonHarness()
    let tmux = "env -u LD_PRELOAD LANG=C.UTF-8 tmux -f /dev/null -S \(harness.directory)/tmux.sock"
    defer { _ = try? TestProcess.run(["/bin/sh", "-c", "\(tmux) kill-server 2>/dev/null"]) }
    try harness.writeConfig(
      """
      log_level = "info"

      [[hotkeys]]
      key = "KEY_F6"
      menu = "power"

      [menus.power]
      title = "Power"
      items = [
        { title = "Suspend", invoke = "none" },
        { title = "Hibernate", invoke = "none" },
        { separator = true },
        { title = "Reboot", invoke = "none" },
        { title = "More", items = [ { title = "Firmware setup", invoke = "none" } ] },
      ]
      """)
    let scenario = Self.expand(
      #"""
      plug 3 keyboard
      until 5000 $CTL status
      until 3000 $TMUX new-session -d -x 80 -y 24 "$CTL ui --socket $DIR/s.sock"
      screen empty 'Nothing in front'
      spawn alert $CTL alert "Reboot now?" --message "Updates are installed." --button No --button Yes --cancel 0
      screen alert '\[ Yes \]'
      key 3 LEFT 1
      key 3 LEFT 0
      screen alert-left '\[ No \]'
      key 3 ENTER 1
      key 3 ENTER 0
      reap alert 1 ^No$
      screen after-alert 'Nothing in front'
      key 3 F6 1
      key 3 F6 0
      screen power '▶ 1 Suspend'
      key 3 DOWN 1
      key 3 DOWN 0
      key 3 DOWN 1
      key 3 DOWN 0
      screen power-down '▶ 3 Reboot'
      key 3 DOWN 1
      key 3 DOWN 0
      key 3 ENTER 1
      key 3 ENTER 0
      screen submenu 'Power › More'
      key 3 ESC 1
      key 3 ESC 0
      screen after-menu 'Nothing in front'
      spawn fruit $CTL call menu.open '{"title":"Fruit","filter":true,"items":[{"title":"Apple"},{"title":"Banana"},{"separator":true},{"title":"Cherry"}]}'
      screen fruit '▶ 1 Apple'
      key 3 E 1
      key 3 E 0
      screen filtered 'Filter: e'
      key 3 ENTER 1
      key 3 ENTER 0
      reap fruit 0 Apple
      screen after-fruit 'Nothing in front'
      signal TERM
      exit
      """#, tmux: tmux)
    let result = try harness.run(scenario)
    #expect(result.status == 0, "\(result.stderr)")
    func screen(_ name: String) throws -> [String] {
      try String(contentsOfFile: "\(harness.directory)/\(name).txt", encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
    func box(_ name: String) throws -> [String] {
      try screen(name).filter { $0.contains("│") || $0.contains("┌") || $0.contains("└") || $0.contains("├") }
        .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    #expect(try screen("empty").first?.contains("keymenu · \(harness.socket) · q to quit") == true)
    #expect(
      try box("alert") == [
        "┌─ Reboot now? ───────────────┐",
        "│ Updates are installed.      │",
        "│                             │",
        "│         No   [ Yes ]        │",
        "└─ Enter: Yes · Esc: No · ←→ ─┘",
      ])
    #expect(try box("alert-left").contains("│       [ No ]   Yes          │"), "the box keeps its size")
    #expect(try box("alert-left").contains("└─ Enter: No · Esc: No · ←→ ──┘"))
    #expect(
      try box("power") == [
        "┌─ Power ──────────────────────┐",
        "│ ▶ 1 Suspend                  │",
        "│   2 Hibernate                │",
        "├──────────────────────────────┤",
        "│   3 Reboot                   │",
        "│   4 More                   ▸ │",
        "└─ Enter: choose · Esc: close ─┘",
      ])
    #expect(try box("submenu").contains("│ ▶ 1 Firmware setup                     │"))
    #expect(try box("filtered").contains("│ Filter: e                    │"))
    #expect(try !box("filtered").joined().contains("Banana"), "the filter hides Banana")
    #expect(
      try box("filtered").contains("├──────────────────────────────┤"),
      "Banana and Cherry are in two sections")
    // The presenter ended with the daemon: the pane and the tmux server are gone.
    var gone = false
    for _ in 0..<100 where !gone {
      gone = try TestProcess.run(["/bin/sh", "-c", "\(tmux) has-session 2>/dev/null"]).status != 0
      if !gone { usleep(50_000) }
    }
    #expect(gone, "keymenuctl ui did not exit when keymenud stopped")
  }

  /// The example modal kind end to end: its socket method from
  /// `keymenuctl call`, its configuration action from a hotkey, both drawn
  /// by `keymenuctl ui` and answered from the keyboard, with no line of it
  /// in the daemon.
  @Test(.enabled(if: (DaemonHarness.hasUmockdev && hasTmux) || DaemonHarness.requireEmulation))
  func theCountdownKindIsDrawnAndAnsweredFromTheKeyboard() throws {
    let harness = try DaemonHarness()
    let tmux = "env -u LD_PRELOAD LANG=C.UTF-8 tmux -f /dev/null -S \(harness.directory)/tmux.sock"
    defer { _ = try? TestProcess.run(["/bin/sh", "-c", "\(tmux) kill-server 2>/dev/null"]) }
    try harness.writeConfig(
      """
      [plugins.countdown]
      enabled = true

      [[hotkeys]]
      key = "KEY_F7"
      countdown = { title = "Screen off", seconds = 2, message = "Press Esc to keep it on." }
      """)
    let scenario = Self.expand(
      #"""
      plug 3 keyboard
      until 5000 $CTL status
      until 3000 $TMUX new-session -d -x 80 -y 24 "$CTL ui --socket $DIR/s.sock"
      screen empty 'Nothing in front'
      spawn countdown $CTL call countdown.start '{"title":"Leaving soon","seconds":600,"button":"Stay"}'
      screen started '\[ Stay \]'
      key 3 ESC 1
      key 3 ESC 0
      reap countdown 0 escape
      screen after-call 'Nothing in front'
      key 3 F7 1
      key 3 F7 0
      screen action 'Press Esc to keep it on'
      screen after-action 'Nothing in front'
      signal TERM
      exit
      """#, tmux: tmux)
    let result = try harness.run(scenario)
    #expect(result.status == 0, "\(result.stderr)")
    guard result.status == 0 else { return }
    let started = try String(contentsOfFile: "\(harness.directory)/started.txt", encoding: .utf8)
    #expect(started.contains("Leaving soon") && started.contains("Closes by itself in 600 seconds."))
    let action = try String(contentsOfFile: "\(harness.directory)/action.txt", encoding: .utf8)
    #expect(action.contains("Screen off") && action.contains("[ Cancel ]"))
  }

  /// A prompt drawn by `keymenuctl ui` as it is typed into, masked as
  /// bullets, with an alert over it and the prompt back as it was.
  @Test(.enabled(if: (DaemonHarness.hasUmockdev && hasTmux) || DaemonHarness.requireEmulation))
  func aPromptIsDrawnAsItIsTypedAndAMaskedOneAsBullets() throws {
    let harness = try DaemonHarness()
    let tmux = "env -u LD_PRELOAD LANG=C.UTF-8 tmux -f /dev/null -S \(harness.directory)/tmux.sock"
    defer { _ = try? TestProcess.run(["/bin/sh", "-c", "\(tmux) kill-server 2>/dev/null"]) }
    try harness.writeConfig("log_level = \"info\"\n")
    let scenario = Self.expand(
      #"""
      plug 3 keyboard
      until 5000 $CTL status
      until 3000 $TMUX new-session -d -x 80 -y 24 "$CTL ui --socket $DIR/s.sock"
      screen empty 'Nothing in front'
      spawn name $CTL prompt "Name?" --message "As on the door." --text k --max-length 8
      screen shown 'Enter: OK'
      key 3 I 1
      key 3 I 0
      screen typed '\[ki '
      spawn sure $CTL alert "Sure?" --button No --button Yes --cancel 0
      screen alert '\[ Yes \]'
      key 3 ESC 1
      key 3 ESC 0
      reap sure 3 ^No$
      screen back '\[ki '
      key 3 ENTER 1
      key 3 ENTER 0
      reap name 0 ^ki$
      spawn secret $CTL prompt "Wi-Fi password" --masked
      screen secret 'Wi-Fi password'
      key 3 S 1
      key 3 S 0
      key 3 3 1
      key 3 3 0
      screen secret-typed '\[•• '
      key 3 ESC 1
      key 3 ESC 0
      reap secret 1
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
    let typed = try box("typed")
    #expect(
      typed == [
        "┌─ Name? ─────────────────────────────┐",
        "│ As on the door.                     │",
        "│                                     │",
        "│ [ki                               ] │",
        "│                                     │",
        "│            OK     Cancel            │",
        "└─ Enter: OK · Esc: Cancel · 2/8 ─────┘",
      ])
    #expect(try box("back") == typed, "the prompt is back as it was")
    let secret = try String(contentsOfFile: "\(harness.directory)/secret-typed.txt", encoding: .utf8)
    // The lines of the box only: the status line names the socket, whose
    // random directory name may hold "s3" too (it did: keymenu-test-JPs3od).
    let field = secret.split(separator: "\n").filter { $0.contains("│") }
    #expect(!field.isEmpty && !field.contains { $0.contains("s3") }, "a masked text is never drawn")
  }

  /// `$TMUX`, and `screen NAME PATTERN` lines (``TerminalScenario/expand(_:tmux:)``).
  static func expand(_ scenario: String, tmux: String) -> String {
    TerminalScenario.expand(scenario, tmux: tmux)
  }
}
