import Foundation
import KeyMenuOverlay
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuTestSupport
import Testing

/// keymenu-overlay under Xvfb, over a full-screen X11 application, against
/// keymenud on an emulated keyboard: the box appears with the alert, the
/// focus moves on Left in the button row only, Enter leaves the screen as it
/// was before, pixel for pixel; a menu's highlight moves with Down; the
/// application keeps the X server's input focus throughout; and when
/// keymenud is started again the overlay draws its next alert. Screenshots
/// are taken with xwd and Debian's ImageMagick
/// (Tests/Fixtures/overlay/screen.py), waiting for the screen to settle
/// rather than for a time. `KEYMENU_OVERLAY_SHOTS=DIR` keeps them there.
@Suite(.serialized)
struct OverlayX11Tests {
  static let hasX11Tools = [
    "/usr/bin/Xvfb", "/usr/bin/xcompmgr", "/usr/bin/xwd", "/usr/bin/xlogo", "/usr/bin/xwininfo",
    "/usr/bin/convert",
    "/usr/bin/setsid",
  ].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
  static let width = 1280
  static let height = 720
  /// The processes that outlive one keymenud run (so that it can be
  /// restarted under them); each writes `$DIR/NAME.pid`.
  static let detached = ["overlay", "app", "xvfb"]

  init() throws {
    ScreenScenario.prepareX11SocketDirectory()
    if DaemonHarness.requireEmulation {
      try #require(DaemonHarness.hasUmockdev, "umockdev is required")
      try #require(
        Self.hasX11Tools, "Xvfb, x11-apps, x11-utils, xcompmgr and imagemagick are required (make deps)")
    }
  }

  @Test(.enabled(if: (DaemonHarness.hasUmockdev && hasX11Tools) || DaemonHarness.requireEmulation))
  func alertsAndMenusAreDrawnOverTheApplicationAndGoWithoutATrace() throws {
    let harness = try DaemonHarness()
    defer { ScreenScenario.stop(Self.detached, in: harness.directory) }
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
      ]
      """)
    let first = Self.expand(
      #"""
      \#(Self.startScreen)
      until 10000 sh -c "$FOCUS set xlogo"
      shot before
      \#(ScreenScenario.detach("overlay", "env DISPLAY=:$(cat $DIR/display) $OVERLAY --socket $DIR/s.sock --opacity 0.5 2>$DIR/overlay.log"))
      until 20000 grep -q 'following keymenud' $DIR/overlay.log
      shot empty --same before
      spawn alert $CTL alert "Reboot now?" --message "Updates are installed." --button No --button Yes --cancel 0
      shot alert --differs before
      until 1 sh -c "$FOCUS check xlogo"
      key 3 LEFT 1
      key 3 LEFT 0
      shot left --differs alert
      until 1 sh -c "$FOCUS check xlogo"
      key 3 ENTER 1
      key 3 ENTER 0
      reap alert 1 ^No$
      shot after --same before
      key 3 F6 1
      key 3 F6 0
      shot menu --differs before
      key 3 DOWN 1
      key 3 DOWN 0
      shot menu-down --differs menu
      until 1 sh -c "$FOCUS check xlogo"
      key 3 ESC 1
      key 3 ESC 0
      shot after-menu --same before
      until 1 sh -c "$FOCUS check xlogo"
      signal TERM
      exit
      """#)
    let result = try harness.run(first)
    // keymenud again on the same socket: the overlay, still running, finds it.
    let second = Self.expand(
      #"""
      plug 3 keyboard
      until 5000 $CTL status
      until 30000 sh -c "test $(grep -c 'following keymenud' $DIR/overlay.log) -ge 2"
      spawn again $CTL alert "Still there?" --button OK
      shot again --differs before
      key 3 ENTER 1
      key 3 ENTER 0
      reap again 0 ^OK$
      shot again-after --same before
      signal TERM
      exit
      """#)
    let restarted = result.status == 0 ? try harness.run(second) : result
    let log = (try? String(contentsOfFile: harness.directory + "/overlay.log", encoding: .utf8)) ?? ""
    if let keep = ProcessInfo.processInfo.environment["KEYMENU_OVERLAY_SHOTS"] {
      for name in ["before", "alert", "left", "after", "menu", "menu-down", "again", "overlay"] {
        let file = name == "overlay" ? "overlay.log" : name + ".png"
        try? FileManager.default.removeItem(atPath: "\(keep)/x11-\(file)")
        try? FileManager.default.copyItem(
          atPath: "\(harness.directory)/\(file)", toPath: "\(keep)/x11-\(file)")
      }
    }
    let servers = ScreenScenario.logs(["xvfb.log", "app.log"], in: harness.directory)
    #expect(result.status == 0, "\(result.stderr)\noverlay: \(log)\n\(servers)")
    #expect(restarted.status == 0, "after the restart: \(restarted.stderr)\noverlay: \(log)\n\(servers)")
    guard result.status == 0 else { return }
    try checkAlertPictures(harness.directory)
    try checkMenuPictures(harness.directory)
  }

  /// An alert with an 8,000-line message (issue 28, finding 9): the window
  /// (xwininfo) and the box drawn (the screenshot) lie inside the screen,
  /// the message's top with a "more" row and the buttons under it; Left
  /// moves the focus on the screen, Enter answers, and the screen is as it
  /// was before.
  @Test(.enabled(if: (DaemonHarness.hasUmockdev && hasX11Tools) || DaemonHarness.requireEmulation))
  func aMessageTallerThanTheScreenIsCutWithTheButtonsOnIt() throws {
    let harness = try DaemonHarness()
    defer { ScreenScenario.stop(Self.detached, in: harness.directory) }
    try harness.writeConfig("log_level = \"info\"\n")
    try OverlayTallAlert.write(in: harness.directory)
    let scenario = Self.expand(
      #"""
      \#(Self.startScreen)
      shot before
      \#(ScreenScenario.detach("overlay", "env DISPLAY=:$(cat $DIR/display) $OVERLAY --socket $DIR/s.sock 2>$DIR/overlay.log"))
      until 20000 grep -q 'following keymenud' $DIR/overlay.log
      \#(OverlayTallAlert.spawn("alert"))
      shot alert --differs before
      until 5000 sh -c "xwininfo -display :$(cat $DIR/display) -name keymenu > $DIR/window.txt"
      key 3 LEFT 1
      key 3 LEFT 0
      shot left --differs alert
      key 3 ENTER 1
      key 3 ENTER 0
      reap alert 1 ^No$
      shot after --same before
      signal TERM
      exit
      """#)
    let result = try harness.run(scenario)
    ScreenScenario.keep(["before", "alert", "left", "after"], from: harness.directory, prefix: "x11-tall")
    let log = (try? String(contentsOfFile: harness.directory + "/overlay.log", encoding: .utf8)) ?? ""
    let servers = ScreenScenario.logs(["xvfb.log", "app.log"], in: harness.directory)
    #expect(result.status == 0, "\(result.stderr)\noverlay: \(log)\n\(servers)")
    let xwininfo = (try? String(contentsOfFile: harness.directory + "/window.txt", encoding: .utf8)) ?? ""
    let window = try #require(OverlayTallAlert.geometry(xwininfo: xwininfo), "xwininfo: \(xwininfo)")
    #expect(
      window.y >= 0 && window.height <= Self.height && window.y + window.height <= Self.height,
      "the window \(window) is not inside the \(Self.width)×\(Self.height) screen")
    // The screenshots the scenario took (the old overlay's stopped at Left,
    // which changed nothing on the screen: the buttons were below it).
    guard let before = RasterImage(pngFile: harness.directory + "/before.png"),
      let alert = RasterImage(pngFile: harness.directory + "/alert.png")
    else { return }
    if let box = ScreenScenario.changedBox(alert, before) {
      #expect(box.y == window.y && box.height == window.height, "box \(box), window \(window)")
    }
    try OverlayTallAlert.check(
      alert: alert, before: before, left: RasterImage(pngFile: harness.directory + "/left.png"),
      painter: OverlayPainter())
  }

  /// With a compositing manager (xcompmgr) the box is a 32-bit window whose
  /// background has the alpha `--opacity` asks for; when the manager goes
  /// while the overlay runs, the next box is an ordinary opaque window again.
  @Test(
    .enabled(
      if: (DaemonHarness.hasUmockdev && hasX11Tools) || DaemonHarness.requireEmulation))
  func underACompositingManagerTheBoxIsTranslucent() throws {
    let harness = try DaemonHarness()
    defer { ScreenScenario.stop(Self.detached + ["compositor"], in: harness.directory) }
    try harness.writeConfig("log_level = \"info\"\n")
    let depth = "sh -c \"xwininfo -display :$(cat $DIR/display) -name keymenu | grep -q 'Depth: DEPTH'\""
    let scenario = Self.expand(
      #"""
      \#(Self.startScreen)
      \#(ScreenScenario.detach("compositor", "xcompmgr -d :$(cat $DIR/display) 2>$DIR/xcompmgr.log"))
      until 20000 sh -c "$PY \#(TestProcess.fixtures)/overlay/x11_composited.py :$(cat $DIR/display)"
      \#(ScreenScenario.detach("overlay", "env DISPLAY=:$(cat $DIR/display) $OVERLAY --socket $DIR/s.sock --opacity 0.5 2>$DIR/overlay.log"))
      until 20000 grep -q 'following keymenud' $DIR/overlay.log
      spawn alert $CTL alert "See through?" --button OK
      until 20000 \#(depth.replacingOccurrences(of: "DEPTH", with: "32"))
      key 3 ENTER 1
      key 3 ENTER 0
      reap alert 0 ^OK$
      until 5000 sh -c "kill $(cat $DIR/compositor.pid)"
      until 20000 sh -c "! $PY \#(TestProcess.fixtures)/overlay/x11_composited.py :$(cat $DIR/display)"
      spawn again $CTL alert "Opaque now?" --button OK
      until 20000 \#(depth.replacingOccurrences(of: "DEPTH", with: "24"))
      key 3 ENTER 1
      key 3 ENTER 0
      reap again 0 ^OK$
      signal TERM
      exit
      """#)
    let result = try harness.run(scenario)
    let log = (try? String(contentsOfFile: harness.directory + "/overlay.log", encoding: .utf8)) ?? ""
    let manager = (try? String(contentsOfFile: harness.directory + "/xcompmgr.log", encoding: .utf8)) ?? ""
    let servers = ScreenScenario.logs(["xvfb.log", "app.log"], in: harness.directory)
    #expect(result.status == 0, "\(result.stderr)\noverlay: \(log)\nxcompmgr: \(manager)\n\(servers)")
  }

  /// An emulated keyboard, keymenud answering, then Xvfb on a free display
  /// (its number in `$DIR/display`) with a full-screen xlogo.
  static let startScreen = #"""
    plug 3 keyboard
    until 5000 $CTL status
    \#(ScreenScenario.detach("xvfb", "Xvfb -displayfd 3 -screen 0 $SIZEx24 -nolisten tcp 3>$DIR/display 2>$DIR/xvfb.log"))
    until 20000 test -s $DIR/display
    \#(ScreenScenario.detach("app", "xlogo -display :$(cat $DIR/display) -geometry $SIZE+0+0 -bg darkslateblue -fg gold 2>>$DIR/app.log", ready: "xwininfo -display :$(cat $DIR/display) -name xlogo", within: 20000))
    """#

  /// `$SIZE`, `$FOCUS` and the screenshot lines for the Xvfb display.
  static func expand(_ scenario: String) -> String {
    ScreenScenario.expand(
      scenario.replacingOccurrences(of: "$SIZE", with: "\(width)x\(height)")
        .replacingOccurrences(
          of: "$FOCUS", with: "$PY \(TestProcess.fixtures)/overlay/x11_focus.py :$(cat $DIR/display)"),
      display: ":$(cat $DIR/display)")
  }

  func shot(_ directory: String, _ name: String) throws -> RasterImage {
    try ScreenScenario.shot(directory, name)
  }

  func checkAlertPictures(_ directory: String) throws {
    let before = try shot(directory, "before")
    let alert = try shot(directory, "alert")
    let left = try shot(directory, "left")
    #expect(before.width == Self.width && before.height == Self.height)
    // The application beneath fills the screen: its background in a corner.
    #expect(RasterImage.distance(before[2, 2], 0xFF48_3D8B) <= 2, "darkslateblue at the corner")

    // The panel: what the painter draws for that alert, centred on the
    // screen, opaque (no compositing manager runs) although --opacity 0.5 was asked.
    let (scene, y) = try ScreenScenario.expectPainted(
      Self.rebootAlert(focus: 1), on: alert, before: before, width: Self.width, height: Self.height)

    // Left: the button row and the footer under it changed, the title and message rows did not.
    let button = try ScreenScenario.frame(of: .button(0), in: scene)
    let rows = left.differingRows(from: alert)
    #expect(!rows.isEmpty)
    #expect(
      rows.allSatisfy { $0 >= y + Int(button.y) && $0 < y + scene.size.height }, "changed rows \(rows)")
    #expect(left.differingPixels(from: alert, rows: y..<(y + Int(button.y))) == 0)
    try ScreenScenario.expectPainted(
      Self.rebootAlert(focus: 0), on: left, before: before, width: Self.width, height: Self.height)
  }

  static func rebootAlert(focus: Int) -> ModalPicture {
    ModalPicture.alert(
      id: "", title: "Reboot now?", message: "Updates are installed.", buttons: ["No", "Yes"], focus: focus,
      cancel: 0, defaultButton: 1)
  }

  /// The configured Power menu with the highlight on `highlight`.
  static func powerMenu(highlight: Int) -> ModalPicture {
    ModalPicture.menu(
      id: "", path: ["Power"],
      items: [
        .init(title: "Suspend", section: 0, position: "top", enabled: true, opensSubmenu: false),
        .init(title: "Hibernate", section: 0, position: "bottom", enabled: true, opensSubmenu: false),
        .init(title: "Reboot", section: 1, position: "single", enabled: true, opensSubmenu: false),
      ], highlight: highlight, filter: "")
  }

  func checkMenuPictures(_ directory: String) throws {
    let before = try shot(directory, "before")
    let menu = try shot(directory, "menu")
    let down = try shot(directory, "menu-down")
    let (scene, y) = try ScreenScenario.expectPainted(
      Self.powerMenu(highlight: 0), on: menu, before: before, width: Self.width, height: Self.height)
    try ScreenScenario.expectPainted(
      Self.powerMenu(highlight: 1), on: down, before: before, width: Self.width, height: Self.height)
    // Down moved the focus bar from the first item to the second; the
    // footer's "1/3" became "2/3"; nothing else changed.
    let first = try ScreenScenario.frame(of: .item(0), in: scene)
    let second = try ScreenScenario.frame(of: .item(1), in: scene)
    let third = try ScreenScenario.frame(of: .item(2), in: scene)
    let rows = down.differingRows(from: menu)
    #expect(!rows.isEmpty)
    #expect(
      rows.allSatisfy {
        ($0 >= y + Int(first.y) && $0 < y + Int(second.y + second.height))
          || $0 >= y + Int(third.y + third.height)
      }, "changed rows \(rows), items from \(y + Int(first.y))")
  }
}
