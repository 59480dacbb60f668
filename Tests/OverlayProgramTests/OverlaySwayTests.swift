import Foundation
import KeyMenuOverlay
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuTestSupport
import Testing

/// keymenu-overlay on headless sway 1.7 (pixman renderer, no input devices),
/// as a layer-shell surface over a full-screen GTK client, against keymenud
/// on an emulated keyboard: the box appears centred with the alert, the
/// focus moves on Left, Enter leaves the screen pixel-identical to before,
/// and the client beneath kept the keyboard focus and got no key. sway
/// refuses to run as root: as root the test runs it as `nobody` (setpriv)
/// with a runtime directory of its own. Screenshots with grim.
@Suite(.serialized)
struct OverlaySwayTests {
  static let hasSway = [
    "/usr/bin/sway", "/usr/bin/swaymsg", "/usr/bin/grim", "/usr/bin/setsid", "/usr/bin/setpriv",
  ]
  .allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
  static let detached = ["overlay", "app", "sway"]

  init() throws {
    if DaemonHarness.requireEmulation {
      try #require(DaemonHarness.hasUmockdev, "umockdev is required")
      try #require(Self.hasSway, "sway and grim are required (make deps)")
    }
  }

  /// A sway session in a runtime directory of its own (owned by whoever runs
  /// sway), with its output set by `output`; the scenario lines that start
  /// sway, the full-screen client and the overlay (with `overlayArguments`),
  /// and the check that the client is focused and full screen. sway makes
  /// `outputs` headless outputs, HEADLESS-1 and so on.
  struct Session {
    let run: String
    let startSway: String
    let startApp: String
    let startOverlay: String
    let focused: String
    let wayland: String

    init(output: String, overlayArguments: String, outputs: Int = 1) throws {
      var template = Array((NSTemporaryDirectory() + "/keymenu-sway-XXXXXX").utf8CString)
      run = String(cString: try #require(mkdtemp(&template)))
      let asRoot = getuid() == 0
      try """
      \(output)
      default_border none
      for_window [app_id="keymenu-test-app"] fullscreen enable
      """.write(toFile: run + "/config", atomically: true, encoding: .utf8)
      if asRoot { #expect(chown(run, 65534, 65534) == 0 && chown(run + "/config", 65534, 65534) == 0) }
      let dropRoot = asRoot ? "setpriv --reuid nobody --regid nogroup --clear-groups " : ""
      wayland = "WAYLAND_DISPLAY=\(run)/wayland-1 XDG_RUNTIME_DIR=\(run) GSETTINGS_BACKEND=memory"
      focused = "$PY \(TestProcess.fixtures)/overlay/sway_focus.py \(run) keymenu-test-app"
      startSway = ScreenScenario.detach(
        "sway",
        "\(dropRoot)env -i PATH=/usr/bin:/bin HOME=\(run) XDG_RUNTIME_DIR=\(run) WLR_BACKENDS=headless "
          + "WLR_RENDERER=pixman WLR_HEADLESS_OUTPUTS=\(outputs) WLR_LIBINPUT_NO_DEVICES=1 sway -c \(run)/config "
          + "> $DIR/sway.log 2>&1")
      startApp = ScreenScenario.detach(
        "app",
        "env \(wayland) /usr/bin/python3 \(TestProcess.fixtures)/overlay/fullscreen.py > $DIR/app.out 2> $DIR/app.err"
      )
      startOverlay = ScreenScenario.detach(
        "overlay", "env \(wayland) $OVERLAY --socket $DIR/s.sock \(overlayArguments) 2> $DIR/overlay.log")
    }

    /// The scenario lines from an emulated keyboard and keymenud answering
    /// to sway running with the full-screen client focused.
    var startScreen: String {
      """
      plug 3 keyboard
      until 5000 $CTL status
      \(startSway)
      until 30000 test -S \(run)/wayland-1
      \(startApp)
      until 30000 \(focused)
      """
    }

    /// The scenario line that starts another overlay, detached as `name`,
    /// its standard error in `$DIR/name.log`.
    func startOverlay(_ name: String, arguments: String) -> String {
      ScreenScenario.detach(
        name, "env \(wayland) $OVERLAY --socket $DIR/s.sock \(arguments) 2> $DIR/\(name).log")
    }

    func remove() { try? FileManager.default.removeItem(atPath: run) }
  }

  @Test(.enabled(if: (DaemonHarness.hasUmockdev && hasSway) || DaemonHarness.requireEmulation))
  func theAlertIsALayerSurfaceOverAFullScreenClientThatKeepsTheFocus() throws {
    let harness = try DaemonHarness()
    let session = try Session(
      output: "output HEADLESS-1 resolution 1280x720", overlayArguments: "--opacity 0.7")
    defer { session.remove() }
    defer { ScreenScenario.stop(Self.detached, in: harness.directory) }
    try harness.writeConfig("log_level = \"info\"\n")
    let (run, startOverlay, focused) = (session.run, session.startOverlay, session.focused)
    let scenario = ScreenScenario.expand(
      #"""
      \#(session.startScreen)
      shot before
      \#(startOverlay)
      until 20000 grep -q 'following keymenud' $DIR/overlay.log
      shot empty --same before
      spawn alert $CTL alert "Reboot now?" --message "Updates are installed." --button No --button Yes --cancel 0
      shot alert --differs before
      until 5000 \#(focused)
      key 3 LEFT 1
      key 3 LEFT 0
      shot left --differs alert
      key 3 ENTER 1
      key 3 ENTER 0
      reap alert 1 ^No$
      shot after --same before
      until 5000 \#(focused)
      signal TERM
      exit
      """#, display: "wayland:\(run)/wayland-1")
    let result = try harness.run(scenario)
    ScreenScenario.keep(["before", "alert", "left", "after"], from: harness.directory, prefix: "sway")
    let log = (try? String(contentsOfFile: harness.directory + "/overlay.log", encoding: .utf8)) ?? ""
    let swayLog = (try? String(contentsOfFile: harness.directory + "/sway.log", encoding: .utf8)) ?? ""
    #expect(result.status == 0, "\(result.stderr)\noverlay: \(log)\nsway: \(swayLog.suffix(2000))")
    guard result.status == 0 else { return }

    let before = try ScreenScenario.shot(harness.directory, "before")
    let alert = try ScreenScenario.shot(harness.directory, "alert")
    let left = try ScreenScenario.shot(harness.directory, "left")
    #expect(RasterImage.distance(before[2, 2], 0xFF48_3D8B) <= 2, "the client's darkslateblue at the corner")
    // The box: the painter's picture, centred on the output, 70 % opaque
    // over the client (sway blends the surface's alpha).
    let painter = OverlayPainter(opacity: 0.7)
    let snapshot = ModalSnapshot(stack: [

      ModalPicture.alert(
        id: "", title: "Reboot now?", message: "Updates are installed.", buttons: ["No", "Yes"], focus: 1,
        cancel: 0, defaultButton: 1)
    ])
    let scene = try #require(painter.scene(for: snapshot, on: (1280, 720)))
    let size = scene.size
    let box = try #require(ScreenScenario.changedBox(alert, before))
    #expect(box.width == size.width && box.height == size.height, "box \(box), picture \(size)")
    #expect(
      abs(box.x - (before.width - size.width) / 2) <= 1 && abs(box.y - (before.height - size.height) / 2) <= 1
    )
    let onScreen = alert.cropped(x: box.x, y: box.y, width: size.width, height: size.height)
    let blended = painter.image(of: scene).composited(over: before, x: box.x, y: box.y)
    let differing = onScreen.differingPixels(from: blended, tolerance: 32) ?? Int.max
    #expect(
      differing <= size.width * size.height / 500, "\(differing) pixels of the box differ from the painter's")
    // The client shows through the panel: its colour is the blend, far from
    // the theme's opaque one (a point inside the panel's bottom edge, under nothing).
    let inside = (x: size.width / 2, y: size.height - 3)
    #expect(
      RasterImage.distance(onScreen[inside.x, inside.y], blended[inside.x, inside.y]) <= 3,
      "\(onScreen[inside.x, inside.y]) \(blended[inside.x, inside.y])")
    #expect(
      RasterImage.distance(onScreen[inside.x, inside.y], 0xFF1E_1E24) >= 20,
      "translucent: \(onScreen[inside.x, inside.y])")
    // Left: the button row and the footer changed, the title did not.
    let rows = left.differingRows(from: alert)
    let buttonTop = box.y + Int(try ScreenScenario.frame(of: .button(0), in: scene).y)
    #expect(!rows.isEmpty && rows.allSatisfy { $0 >= buttonTop && $0 < box.y + box.height }, "rows \(rows)")
    // The client under it got no key.
    let keys = (try? String(contentsOfFile: harness.directory + "/app.out", encoding: .utf8)) ?? "?"
    #expect(keys.isEmpty, "the client received: \(keys)")
  }

  /// On an output with scale 2 (HiDPI) the box has the same logical size,
  /// drawn with twice the pixels: grim's screenshot (in the output's pixels)
  /// shows it twice as wide and high, centred.
  @Test(.enabled(if: (DaemonHarness.hasUmockdev && hasSway) || DaemonHarness.requireEmulation))
  func onAScale2OutputTheBoxHasTwiceThePixels() throws {
    let harness = try DaemonHarness()
    let session = try Session(output: "output HEADLESS-1 resolution 1280x720 scale 2", overlayArguments: "")
    defer { session.remove() }
    defer { ScreenScenario.stop(Self.detached, in: harness.directory) }
    try harness.writeConfig("log_level = \"info\"\n")
    let scenario = ScreenScenario.expand(
      #"""
      \#(session.startScreen)
      shot before
      \#(session.startOverlay)
      until 20000 grep -q 'following keymenud' $DIR/overlay.log
      spawn alert $CTL alert "Reboot now?" --message "Updates are installed." --button No --button Yes --cancel 0
      shot alert --differs before
      key 3 ENTER 1
      key 3 ENTER 0
      reap alert 0 ^Yes$
      shot after --same before
      signal TERM
      exit
      """#, display: "wayland:\(session.run)/wayland-1")
    let result = try harness.run(scenario)
    ScreenScenario.keep(["before", "alert"], from: harness.directory, prefix: "sway-hidpi")
    let log = (try? String(contentsOfFile: harness.directory + "/overlay.log", encoding: .utf8)) ?? ""
    #expect(result.status == 0, "\(result.stderr)\noverlay: \(log)")
    guard result.status == 0 else { return }
    let before = try ScreenScenario.shot(harness.directory, "before")
    let alert = try ScreenScenario.shot(harness.directory, "alert")
    #expect(before.width == 1280 && before.height == 720, "grim captures the output's pixels")
    // The output's logical size is 640×360: the scene for it, twice the pixels.
    let logical = try #require(OverlayPainter().scene(for: Self.rebootAlert, on: (640, 360))).size
    let box = try #require(ScreenScenario.changedBox(alert, before))
    #expect(
      abs(box.width - 2 * logical.width) <= 2 && abs(box.height - 2 * logical.height) <= 2, "box \(box)")
    #expect(
      abs(box.x - (1280 - box.width) / 2) <= 2 && abs(box.y - (720 - box.height) / 2) <= 2, "box \(box)")
  }

  /// An alert with an 8,000-line message (issue 28, finding 9): the layer
  /// surface drawn (grim's screenshot) lies inside the output, the
  /// message's top with a "more" row and the buttons under it; Left moves
  /// the focus on the screen, Enter answers, and the screen is as it was
  /// before.
  @Test(.enabled(if: (DaemonHarness.hasUmockdev && hasSway) || DaemonHarness.requireEmulation))
  func aMessageTallerThanTheOutputIsCutWithTheButtonsOnIt() throws {
    let harness = try DaemonHarness()
    let session = try Session(output: "output HEADLESS-1 resolution 1280x720", overlayArguments: "")
    defer { session.remove() }
    defer { ScreenScenario.stop(Self.detached, in: harness.directory) }
    try harness.writeConfig("log_level = \"info\"\n")
    try OverlayTallAlert.write(in: harness.directory)
    let scenario = ScreenScenario.expand(
      #"""
      \#(session.startScreen)
      shot before
      \#(session.startOverlay)
      until 20000 grep -q 'following keymenud' $DIR/overlay.log
      \#(OverlayTallAlert.spawn("alert"))
      shot alert --differs before
      key 3 LEFT 1
      key 3 LEFT 0
      shot left --differs alert
      key 3 ENTER 1
      key 3 ENTER 0
      reap alert 1 ^No$
      shot after --same before
      signal TERM
      exit
      """#, display: "wayland:\(session.run)/wayland-1")
    let result = try harness.run(scenario)
    ScreenScenario.keep(["before", "alert", "left", "after"], from: harness.directory, prefix: "sway-tall")
    let log = (try? String(contentsOfFile: harness.directory + "/overlay.log", encoding: .utf8)) ?? ""
    let swayLog = (try? String(contentsOfFile: harness.directory + "/sway.log", encoding: .utf8)) ?? ""
    #expect(result.status == 0, "\(result.stderr)\noverlay: \(log)\nsway: \(swayLog.suffix(2000))")
    // The screenshots the scenario took (the old overlay crashed in GDK
    // making a surface 8,000 lines tall: nothing was drawn).
    guard let before = RasterImage(pngFile: harness.directory + "/before.png"),
      let alert = RasterImage(pngFile: harness.directory + "/alert.png")
    else { return }
    #expect(before.width == 1280 && before.height == 720)
    try OverlayTallAlert.check(
      alert: alert, before: before, left: RasterImage(pngFile: harness.directory + "/left.png"),
      painter: OverlayPainter(), tolerance: 1)
  }

  static let rebootAlert = ModalSnapshot(stack: [

    ModalPicture.alert(
      id: "", title: "Reboot now?", message: "Updates are installed.", buttons: ["No", "Yes"], focus: 1,
      cancel: 0, defaultButton: 1)
  ])
}
