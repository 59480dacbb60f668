import Foundation
import KeyMenuOverlay
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuTestSupport
import Testing

/// A leader sequence's hint in keymenu-overlay under Xvfb (issue 32): after
/// the sequence's first key, the box on the screen is what the overlay's
/// painter draws for the hint (the keys so far as the title, a line per
/// next key); the next key fires the sequence and takes the hint away; a
/// wrong key leaves the screen as it was. `KEYMENU_OVERLAY_SHOTS=DIR`
/// keeps the screenshots there (`x11-hint-*.png`).
@Suite(.serialized)
struct OverlaySequenceHintTests {
  init() throws {
    ScreenScenario.prepareX11SocketDirectory()
    if DaemonHarness.requireEmulation {
      try #require(DaemonHarness.hasUmockdev, "umockdev is required")
      try #require(
        OverlayX11Tests.hasX11Tools, "Xvfb, x11-apps, x11-utils and imagemagick are required (make deps)")
    }
  }

  @Test(
    .enabled(if: (DaemonHarness.hasUmockdev && OverlayX11Tests.hasX11Tools) || DaemonHarness.requireEmulation)
  )
  func theHintIsDrawnAndGoesWithTheSequence() throws {
    let harness = try DaemonHarness()
    defer { ScreenScenario.stop(OverlayX11Tests.detached, in: harness.directory) }
    try harness.writeConfig(
      """
      log_level = "info"

      [gestures]
      hint_ms = 100
      sequence_ms = 60000

      [[hotkeys]]
      keys = ["F7", "1"]
      menu = "power"

      [[hotkeys]]
      keys = ["F7", "2"]
      label = "Lock the screen"
      invoke = "none"

      [menus.power]
      title = "Power"
      items = [{ title = "Suspend", invoke = "none" }]
      """)
    let scenario = OverlayX11Tests.expand(
      #"""
      \#(OverlayX11Tests.startScreen)
      shot before
      \#(ScreenScenario.detach("overlay", "env DISPLAY=:$(cat $DIR/display) $OVERLAY --socket $DIR/s.sock 2>$DIR/overlay.log"))
      until 20000 grep -q 'following keymenud' $DIR/overlay.log
      key 3 F7 1
      key 3 F7 0
      shot hint --differs before
      key 3 1 1
      key 3 1 0
      shot menu --differs hint
      key 3 ESC 1
      key 3 ESC 0
      shot closed --same before
      key 3 F7 1
      key 3 F7 0
      shot again --same hint
      key 3 X 1
      key 3 X 0
      shot after --same before
      signal TERM
      exit
      """#)
    let result = try harness.run(scenario)
    ScreenScenario.keep(["before", "hint", "menu", "after"], from: harness.directory, prefix: "x11-hint")
    let log = (try? String(contentsOfFile: harness.directory + "/overlay.log", encoding: .utf8)) ?? ""
    let servers = ScreenScenario.logs(["xvfb.log", "app.log"], in: harness.directory)
    #expect(result.status == 0, "\(result.stderr)\noverlay: \(log)\n\(servers)")
    guard result.status == 0 else { return }

    // The box: what the painter draws for the hint, centred on the screen.
    let before = try ScreenScenario.shot(harness.directory, "before")
    let hint = try ScreenScenario.shot(harness.directory, "hint")
    try ScreenScenario.expectPainted(
      ModalPicture(id: "", kind: "hint", title: "F7", text: "1: Power\n2: Lock the screen"), on: hint,
      before: before, width: OverlayX11Tests.width, height: OverlayX11Tests.height)
  }
}
