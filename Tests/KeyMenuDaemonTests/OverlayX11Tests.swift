import Foundation
import KeyMenuOverlay
import KeyMenuPluginAPI
import KeyMenuTestSupport
import Testing

/// keymenu-overlay under Xvfb, over a full-screen X11 application, against
/// keymenud on an emulated keyboard: the box appears with the alert, the
/// focus moves on Left in the button row only, and Enter leaves the screen
/// as it was before, pixel for pixel. Screenshots are taken with xwd and
/// Debian's ImageMagick (Tests/Fixtures/overlay/screen.py), waiting for the
/// screen to settle rather than for a time. `KEYMENU_OVERLAY_SHOTS=DIR`
/// keeps the screenshots there.
@Suite(.serialized)
struct OverlayX11Tests {
  static let overlay = TestProcess.products + "/keymenu-overlay"
  static let screen = TestProcess.fixtures + "/overlay/screen.py"
  static let hasX11Tools = [
    "/usr/bin/Xvfb", "/usr/bin/xwd", "/usr/bin/xlogo", "/usr/bin/xwininfo", "/usr/bin/convert",
  ]
  .allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
  static let width = 1280
  static let height = 720

  init() throws {
    if DaemonHarness.requireEmulation {
      try #require(DaemonHarness.hasUmockdev, "umockdev is required")
      try #require(Self.hasX11Tools, "Xvfb, x11-apps, x11-utils and imagemagick are required (make deps)")
    }
  }

  @Test(.enabled(if: (DaemonHarness.hasUmockdev && hasX11Tools) || DaemonHarness.requireEmulation))
  func theAlertIsDrawnOverTheApplicationAndGoesWithoutATrace() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    // `shot NAME [--differs REF | --same REF]`: wait until the settled screen satisfies it.
    let scenario =
      #"""
      plug 3 keyboard
      until 5000 $CTL status
      spawn xvfb sh -c "echo $$ > $DIR/xvfb.pid; exec Xvfb -displayfd 3 -screen 0 $SIZEx24 -nolisten tcp 3>$DIR/display 2>$DIR/xvfb.log"
      until 20000 test -s $DIR/display
      spawn app sh -c "exec xlogo -display :$(cat $DIR/display) -geometry $SIZE+0+0 -bg darkslateblue -fg gold"
      until 20000 sh -c "xwininfo -display :$(cat $DIR/display) -name xlogo"
      shot before
      spawn overlay sh -c "exec env DISPLAY=:$(cat $DIR/display) $OVERLAY --socket $DIR/s.sock 2>$DIR/overlay.log"
      until 20000 grep -q following $DIR/overlay.log
      shot empty --same before
      spawn alert $CTL alert "Reboot now?" --message "Updates are installed." --button No --button Yes --cancel 0
      shot alert --differs before
      key 3 LEFT 1
      key 3 LEFT 0
      shot left --differs alert
      key 3 ENTER 1
      key 3 ENTER 0
      reap alert 1 ^No$
      shot after --same before
      until 10000 sh -c "kill $(cat $DIR/xvfb.pid)"
      signal TERM
      exit
      """#
      .replacingOccurrences(of: "$SIZE", with: "\(Self.width)x\(Self.height)")
      .replacingOccurrences(of: "$OVERLAY", with: Self.overlay)
      .split(separator: "\n")
      .map { line -> String in
        guard line.hasPrefix("shot ") else { return String(line) }
        let parts = line.split(separator: " ").map(String.init)
        var command = "$PY \(Self.screen) :$(cat $DIR/display) $DIR/\(parts[1])"
        if parts.count == 4 { command += " \(parts[2]) $DIR/\(parts[3])" }
        return "until 60000 sh -c \"\(command)\""
      }
      .joined(separator: "\n")
    let result = try harness.run(scenario)
    // KEYMENU_OVERLAY_SHOTS=DIR keeps the screenshots (for docs, or to look at a failure).
    if let keep = ProcessInfo.processInfo.environment["KEYMENU_OVERLAY_SHOTS"] {
      for name in ["before", "alert", "left", "after", "overlay.log"] {
        let file = name.hasSuffix(".log") ? name : name + ".png"
        try? FileManager.default.removeItem(atPath: "\(keep)/x11-\(file)")
        try? FileManager.default.copyItem(
          atPath: "\(harness.directory)/\(file)", toPath: "\(keep)/x11-\(file)")
      }
    }
    let log = (try? String(contentsOfFile: harness.directory + "/overlay.log", encoding: .utf8)) ?? ""
    #expect(result.status == 0, "\(result.stderr)\noverlay: \(log)")
    guard result.status == 0 else { return }

    func shot(_ name: String) throws -> RasterImage {
      try #require(RasterImage(pngFile: "\(harness.directory)/\(name).png"), "\(name).png")
    }
    let before = try shot("before")
    let alert = try shot("alert")
    let left = try shot("left")
    let after = try shot("after")
    #expect(before.width == Self.width && before.height == Self.height)
    // The application beneath fills the screen: its background in a corner.
    #expect(RasterImage.distance(before[2, 2], 0xFF48_3D8B) <= 2, "darkslateblue at the corner")

    // The box: what the painter draws for that alert, centred on the screen.
    let painter = OverlayPainter()
    let snapshot = ModalSnapshot(stack: [
      .alert(
        AlertSnapshot(
          id: "", title: "Reboot now?", message: "Updates are installed.", buttons: ["No", "Yes"], focus: 1,
          cancel: 0, defaultButton: 1))
    ])
    let picture = try #require(OverlayPicture(snapshot, columns: 100, rows: 26))
    let size = painter.size(of: picture)
    let x = (Self.width - size.width) / 2
    let y = (Self.height - size.height) / 2
    let drawn = painter.image(of: picture)
    let onScreen = alert.cropped(x: x, y: y, width: size.width, height: size.height)
    let differing = onScreen.differingPixels(from: drawn, tolerance: 32) ?? Int.max
    #expect(
      differing <= size.width * size.height / 500, "\(differing) pixels of the box differ from the painter's")
    let changed = alert.differingRows(from: before)
    #expect(changed.first == y && changed.last == y + size.height - 1, "only the box's rows changed")

    // Left: the button row changed, the title and message rows did not.
    let rows = left.differingRows(from: alert)
    let buttonTop = y + Int(painter.padding + 3 * painter.cellHeight)
    let buttonBottom = y + Int((painter.padding + 5 * painter.cellHeight).rounded(.up))
    #expect(!rows.isEmpty)
    #expect(rows.allSatisfy { (buttonTop..<buttonBottom).contains($0) }, "changed rows \(rows)")
    #expect(left.differingPixels(from: alert, rows: y..<(y + Int(2 * painter.cellHeight))) == 0)

    // Enter answered: nothing of keymenu is left.
    #expect(after.differingPixels(from: before) == 0)
  }
}
