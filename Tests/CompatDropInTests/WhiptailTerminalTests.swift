import Foundation
import KeyMenuTestSupport
import Testing

/// keymenu-whiptail run from a script that has a terminal (tmux, 80×24):
/// the box is drawn there too, under the back title; every key typed there
/// is pressed on the box (`modal.press`): arrows move a menu, letters fill an
/// input box, Tab reaches its Cancel button, Enter and Esc answer; keymenu's
/// devices answer it as well, the first answer wins; another client's key
/// on the box is refused (a box covered by another modal: ModalPressTests).
@Suite(.serialized)
struct WhiptailTerminalTests {
  static let hasTmux = FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")

  init() throws {
    if DaemonHarness.requireEmulation {
      try #require(DaemonHarness.hasUmockdev, "umockdev is required")
      try #require(Self.hasTmux, "tmux is required (make deps installs it)")
    }
  }

  /// A line that starts keymenu-whiptail with `arguments` in a new tmux
  /// session; its stderr and status go to `$DIR/NAME.err` and `.status`.
  static func start(_ name: String, _ arguments: String, tmux: String) -> String {
    let whiptail = DaemonHarness.products + "/keymenu-whiptail"
    return "until 3000 \(tmux) new-session -d -x 80 -y 24 "
      + "\"KEYMENU_SOCKET=$DIR/s.sock \(whiptail) \(arguments) 2>$DIR/\(name).err; echo $? >$DIR/\(name).status\""
  }

  @Test(.enabled(if: (DaemonHarness.hasUmockdev && hasTmux) || DaemonHarness.requireEmulation))
  func theBoxIsDrawnOnTheTerminalAndEitherSideAnswers() throws {
    let harness = try DaemonHarness()
    let tmux = "env -u LD_PRELOAD LANG=C.UTF-8 tmux -f /dev/null -S \(harness.directory)/tmux.sock"
    defer { _ = try? TestProcess.run(["/bin/sh", "-c", "\(tmux) kill-server 2>/dev/null"]) }
    try harness.writeConfig("log_level = \"info\"\n")
    let fruits = "a Apple b Banana c Cherry"
    let scenario = TerminalScenario.expand(
      """
      plug 3 keyboard
      until 5000 $CTL status
      \(Self.start("enter", "--backtitle Installer --yesno \\\"Format disk?\\\" 8 40", tmux: tmux))
      screen enter-drawn '\\[ Yes \\]'
      until 2000 $TMUX send-keys Enter
      until 5000 test -s $DIR/enter.status
      \(Self.start("esc", "--msgbox \\\"Backup finished.\\\" 8 40", tmux: tmux))
      screen esc-drawn 'Backup finished'
      until 2000 $TMUX send-keys Escape
      until 5000 test -s $DIR/esc.status
      \(Self.start("device", "--yesno \\\"Use NTP?\\\" 8 40", tmux: tmux))
      screen device-drawn 'Use NTP'
      key 3 TAB 1
      key 3 TAB 0
      screen device-focus '\\[ No \\]'
      key 3 ENTER 1
      key 3 ENTER 0
      until 5000 test -s $DIR/device.status
      \(Self.start("menu", "--menu \\\"Pick a fruit\\\" 15 40 4 \(fruits)", tmux: tmux))
      screen menu-drawn 'Pick a fruit'
      key 3 DOWN 1
      key 3 DOWN 0
      screen menu-down '▶ b  Banana'
      until 2000 $TMUX send-keys Enter
      until 5000 test -s $DIR/menu.status
      """, tmux: tmux)
    let result = try harness.run(scenario)
    #expect(result.status == 0, "\(result.stderr)")
    guard result.status == 0 else { return }
    func file(_ name: String) throws -> String {
      try String(contentsOfFile: "\(harness.directory)/\(name)", encoding: .utf8)
    }
    let drawn = try file("enter-drawn.txt")
    #expect(drawn.hasPrefix("Installer"), "the back title is on the first line: \(drawn)")
    #expect(drawn.contains("Format disk?"))
    #expect(try file("enter.status") == "0\n" && file("enter.err") == "")
    #expect(try file("esc.status") == "255\n" && file("esc.err") == "")
    #expect(try file("device.status") == "1\n")
    #expect(try file("menu.status") == "0\n" && file("menu.err") == "b")
  }

  /// The box is the first thing drawn: not "Nothing in front." (the
  /// stack from before the box was asked) and then the box, which flashed.
  /// Five boxes, everything each wrote to its terminal recorded from its
  /// start (`script`), each answered by the emulated keyboard.
  @Test(.enabled(if: (DaemonHarness.hasUmockdev && hasTmux) || DaemonHarness.requireEmulation))
  func theFirstPaintIsTheBox() throws {
    let harness = try DaemonHarness()
    let tmux = "env -u LD_PRELOAD LANG=C.UTF-8 tmux -f /dev/null -S \(harness.directory)/tmux.sock"
    defer { _ = try? TestProcess.run(["/bin/sh", "-c", "\(tmux) kill-server 2>/dev/null"]) }
    try harness.writeConfig("log_level = \"info\"\n")
    let dir = harness.directory
    let whiptail = DaemonHarness.products + "/keymenu-whiptail"
    try """
    KEYMENU_SOCKET=\(dir)/s.sock script -q -e -c "\(whiptail) --msgbox 'Backup finished.' 8 40" \(dir)/raw.$1
    echo $? >\(dir)/box.$1.status
    """.write(toFile: dir + "/box.sh", atomically: true, encoding: .utf8)
    let boxes = (1...5).map { box in
      """
      until 3000 $TMUX new-session -d -x 80 -y 24 "sh $DIR/box.sh \(box)"
      screen drawn\(box) 'Backup finished'
      key 3 ENTER 1
      key 3 ENTER 0
      until 5000 test -s $DIR/box.\(box).status
      """
    }
    let scenario = TerminalScenario.expand(
      """
      plug 3 keyboard
      until 5000 $CTL status
      \(boxes.joined(separator: "\n"))
      """, tmux: tmux)
    let result = try harness.run(scenario)
    #expect(result.status == 0, "\(result.stderr)")
    guard result.status == 0 else { return }
    for box in 1...5 {
      let raw = try String(contentsOfFile: "\(dir)/raw.\(box)", encoding: .utf8)
      #expect(raw.contains("Backup finished."), "box \(box): \(raw.suffix(400))")
      #expect(!raw.contains("Nothing in front"), "box \(box) painted the placeholder first")
      #expect(try String(contentsOfFile: "\(dir)/box.\(box).status", encoding: .utf8) == "0\n")
    }
  }

  /// Issue 29: an Enter typed before the box is drawn (a stray key, a
  /// double press on the box before) answered it Yes before anyone saw
  /// it; whiptail flushes what was typed ahead when its box opens, and so
  /// does keymenu-whiptail now: the box waits, and Tab Enter answers No.
  @Test(.enabled(if: (DaemonHarness.hasUmockdev && hasTmux) || DaemonHarness.requireEmulation))
  func keysTypedBeforeTheBoxIsDrawnDoNotAnswerIt() throws {
    let harness = try DaemonHarness()
    let tmux = "env -u LD_PRELOAD LANG=C.UTF-8 tmux -f /dev/null -S \(harness.directory)/tmux.sock"
    defer { _ = try? TestProcess.run(["/bin/sh", "-c", "\(tmux) kill-server 2>/dev/null"]) }
    try harness.writeConfig("log_level = \"info\"\n")
    let whiptail = DaemonHarness.products + "/keymenu-whiptail"
    let scenario = TerminalScenario.expand(
      """
      plug 3 keyboard
      until 5000 $CTL status
      until 3000 \(tmux) new-session -d -x 80 -y 24 "touch $DIR/started; sleep 1; KEYMENU_SOCKET=$DIR/s.sock \(whiptail) --yesno \\\"Wipe disk now?\\\" 8 40 2>$DIR/early.err; echo $? >$DIR/early.status"
      until 2000 test -e $DIR/started
      until 2000 $TMUX send-keys Enter
      screen early-drawn 'Wipe disk now'
      until 1000 sleep 0.5
      until 2000 sh -c "! test -e $DIR/early.status"
      until 2000 $TMUX send-keys Tab
      until 2000 $TMUX send-keys Enter
      until 5000 test -s $DIR/early.status
      """, tmux: tmux)
    let result = try harness.run(scenario)
    #expect(result.status == 0, "\(result.stderr)")
    guard result.status == 0 else { return }
    let status = try String(contentsOfFile: "\(harness.directory)/early.status", encoding: .utf8)
    #expect(status == "1\n", "the Enter typed ahead did not answer Yes; Tab Enter answered No")
  }

  @Test(.enabled(if: (DaemonHarness.hasUmockdev && hasTmux) || DaemonHarness.requireEmulation))
  func terminalKeysMoveAndTypeAndAnotherClientsKeysAreRefused() throws {
    let harness = try DaemonHarness()
    let tmux = "env -u LD_PRELOAD LANG=C.UTF-8 tmux -f /dev/null -S \(harness.directory)/tmux.sock"
    defer { _ = try? TestProcess.run(["/bin/sh", "-c", "\(tmux) kill-server 2>/dev/null"]) }
    try harness.writeConfig("log_level = \"info\"\n")
    let fruits = "a Apple b Banana c Cherry"
    let press = #"{\"id\":\"prompt-1\",\"key\":\"KEY_A\"}"#
    // A gauge fed by a pipe is drawn on the terminal too (its standard output).
    let dir = harness.directory
    let whiptail = DaemonHarness.products + "/keymenu-whiptail"
    try """
    { echo 40; while [ ! -e \(dir)/go ]; do sleep 0.02; done; } |
      KEYMENU_SOCKET=\(dir)/s.sock \(whiptail) --gauge Copying 8 40 0 2>\(dir)/gauge.err
    echo $? >\(dir)/gauge.status
    """.write(toFile: dir + "/gauge.sh", atomically: true, encoding: .utf8)
    let scenario = TerminalScenario.expand(
      """
      plug 3 keyboard
      until 5000 $CTL status
      \(Self.start("refused", "--inputbox Room? 8 40", tmux: tmux))
      screen refused-drawn 'Room'
      until 3000 sh -c "$CTL call modal.press '\(press)' 2>&1 | grep -q -- -32004"
      until 2000 $TMUX send-keys -l y
      screen refused-typed '\\[y '
      until 2000 $TMUX send-keys Enter
      until 5000 test -s $DIR/refused.status
      \(Self.start("typed", "--inputbox \\\"Host name?\\\" 8 40", tmux: tmux))
      screen typed-drawn 'Host name'
      until 2000 $TMUX send-keys -l Ab-1é
      screen typed-field '\\[Ab-1é '
      until 2000 $TMUX send-keys Enter
      until 5000 test -s $DIR/typed.status
      \(Self.start("cancel", "--inputbox Zone? 8 40 utc", tmux: tmux))
      screen cancel-drawn 'Zone'
      until 2000 $TMUX send-keys Tab
      until 2000 $TMUX send-keys Tab
      screen cancel-focus '\\[ Cancel \\]'
      until 2000 $TMUX send-keys Enter
      until 5000 test -s $DIR/cancel.status
      \(Self.start("arrows", "--menu \\\"Pick a fruit\\\" 15 40 4 \(fruits)", tmux: tmux))
      screen arrows-drawn 'Pick a fruit'
      until 2000 $TMUX send-keys Down
      screen arrows-down '▶ b  Banana'
      until 2000 $TMUX send-keys Enter
      until 5000 test -s $DIR/arrows.status
      until 3000 $TMUX new-session -d -x 80 -y 24 "sh $DIR/gauge.sh"
      screen gauge-drawn ' 40%'
      until 2000 touch $DIR/go
      until 5000 test -s $DIR/gauge.status
      """, tmux: tmux)
    let result = try harness.run(scenario)
    #expect(result.status == 0, "\(result.stderr)")
    guard result.status == 0 else { return }
    func file(_ name: String) throws -> String {
      try String(contentsOfFile: "\(harness.directory)/\(name)", encoding: .utf8)
    }
    #expect(try file("refused.status") == "0\n")
    #expect(try file("refused.err") == "y", "keymenuctl's KEY_A on keymenu-whiptail's box was refused")
    #expect(
      try file("typed.status") == "0\n" && file("typed.err") == "Ab-1é",
      "é typed on the terminal, as its text")
    #expect(try file("cancel.status") == "1\n" && file("cancel.err") == "")
    #expect(try file("arrows.status") == "0\n" && file("arrows.err") == "b")
    #expect(try file("gauge-drawn.txt").contains("Copying"))
    #expect(try file("gauge.status") == "0\n" && file("gauge.err") == "")
  }
}
