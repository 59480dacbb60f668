import Foundation
import KeyMenuOverlay
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuTestSupport
import Testing

/// Scenario lines for the overlay's end-to-end tests on a display server
/// (Xvfb, headless sway): processes that outlive one keymenud run, and
/// screenshots taken once the screen has settled.
enum ScreenScenario {
  static let overlay = TestProcess.products + "/keymenu-overlay"
  static let screen = TestProcess.fixtures + "/overlay/screen.py"

  /// A scenario line that starts `command` in a session of its own, outside
  /// the driver's reach, with its pid in `$DIR/NAME.pid` (see ``stop(_:in:)``).
  static func detach(_ name: String, _ command: String) -> String {
    "until 10000 sh -c \"setsid -f sh -c 'echo $$ > $DIR/\(name).pid; exec \(command)' < /dev/null > /dev/null 2>&1\""
  }

  /// Like ``detach(_:_:)``, then waits up to `milliseconds` until `ready`
  /// succeeds, starting `command` again whenever it has exited without
  /// getting there (a client that lost a race with its display server's
  /// start, say). Two lines.
  static func detach(_ name: String, _ command: String, ready: String, within milliseconds: Int) -> String {
    let start = "setsid -f sh -c 'echo $$ > $DIR/\(name).pid; exec \(command)' < /dev/null > /dev/null 2>&1"
    let pid = "$DIR/\(name).pid"
    return detach(name, command) + "\n"
      + "until \(milliseconds) sh -c \"\(ready) > /dev/null 2>&1 || { test -e \(pid) && ! kill -0 $(cat \(pid)) "
      + "2> /dev/null && rm \(pid) && \(start); false; }\""
  }

  /// Makes the X11 socket directory as the X server would (mode 1777), so that
  /// X servers started at once by parallel tests do not race to create it.
  static func prepareX11SocketDirectory() {
    let path = "/tmp/.X11-unix"
    guard !FileManager.default.fileExists(atPath: path) else { return }
    if mkdir(path, 0o1777) == 0 { chmod(path, 0o1777) }
  }

  /// The last `limit` characters of `$DIR/NAME` for each name, headed by the
  /// name: the display servers' and clients' logs for a failure message.
  static func logs(_ names: [String], in directory: String, limit: Int = 1500) -> String {
    names.map { name in
      let text = (try? String(contentsOfFile: "\(directory)/\(name)", encoding: .utf8)) ?? "(none)"
      return "\(name): \(text.suffix(limit))"
    }.joined(separator: "\n")
  }

  /// Sends SIGTERM to the detached processes `names` of `directory` and
  /// waits (up to 10 s each) until they have exited.
  static func stop(_ names: [String], in directory: String) {
    for name in names {
      guard let text = try? String(contentsOfFile: "\(directory)/\(name).pid", encoding: .utf8),
        let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
      else { continue }
      kill(pid, SIGTERM)
      for _ in 0..<500 where running(pid) { usleep(20_000) }
    }
  }

  /// Whether `pid` is alive (not gone, not a zombie waiting to be reaped).
  static func running(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return false }
    return stat[stat.index(after: end)...].trimmingCharacters(in: .whitespaces).first != "Z"
  }

  /// Expands `shot NAME [--differs REF | --same REF]` lines for `display`
  /// (`:$(cat $DIR/display)` or `wayland:PATH`): wait up to a minute until
  /// the settled screen satisfies the condition, then keep it as
  /// `$DIR/NAME.png`; and `$OVERLAY`.
  static func expand(_ scenario: String, display: String) -> String {
    scenario
      .replacingOccurrences(of: "$OVERLAY", with: overlay)
      .split(separator: "\n")
      .map { line -> String in
        guard line.hasPrefix("shot ") else { return String(line) }
        let parts = line.split(separator: " ").map(String.init)
        var command = "$PY \(screen) \(display) $DIR/\(parts[1])"
        if parts.count == 4 { command += " \(parts[2]) $DIR/\(parts[3])" }
        return "until 60000 sh -c \"\(command)\""
      }
      .joined(separator: "\n")
  }

  /// Copies screenshots (and the overlay's log) to `KEYMENU_OVERLAY_SHOTS`, when set.
  static func keep(_ names: [String], from directory: String, prefix: String) {
    guard let keep = ProcessInfo.processInfo.environment["KEYMENU_OVERLAY_SHOTS"] else { return }
    for name in names + ["overlay"] {
      let file = name == "overlay" ? "overlay.log" : name + ".png"
      try? FileManager.default.removeItem(atPath: "\(keep)/\(prefix)-\(file)")
      try? FileManager.default.copyItem(atPath: "\(directory)/\(file)", toPath: "\(keep)/\(prefix)-\(file)")
    }
  }

  /// A screenshot the scenario kept.
  static func shot(_ directory: String, _ name: String) throws -> RasterImage {
    try #require(RasterImage(pngFile: "\(directory)/\(name).png"), "\(name).png")
  }

  /// The smallest rectangle holding every pixel in which two screenshots differ.
  static func changedBox(_ one: RasterImage, _ other: RasterImage) -> (
    x: Int, y: Int, width: Int, height: Int
  )? {
    let rows = one.differingRows(from: other)
    guard let top = rows.first, let bottom = rows.last else { return nil }
    var left = one.width
    var right = -1
    for y in top...bottom {
      for x in 0..<one.width where one[x, y] != other[x, y] {
        left = min(left, x)
        right = max(right, x)
      }
    }
    return (left, top, right - left + 1, bottom - top + 1)
  }

  /// Checks that `shot` shows, centred on a `width`×`height` screen, the
  /// panel the overlay's painter draws opaque for `picture` on that output
  /// (at most one pixel in 500 off, the screen showing through outside its
  /// rounded corners), and that only the panel's rows differ from `before`.
  /// Returns the scene and the panel's top row.
  @discardableResult
  static func expectPainted(
    _ picture: ModalPicture, on shot: RasterImage, before: RasterImage, width: Int, height: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (scene: OverlayScene, y: Int) {
    let painter = OverlayPainter(opacity: 1)
    let scene = try #require(
      painter.scene(for: ModalSnapshot(stack: [picture]), on: (width, height)), sourceLocation: sourceLocation
    )
    let size = scene.size
    let x = (width - size.width) / 2
    let y = (height - size.height) / 2
    let onScreen = shot.cropped(x: x, y: y, width: size.width, height: size.height)
    let drawn = painter.image(of: scene).composited(over: before, x: x, y: y)
    let differing = onScreen.differingPixels(from: drawn, tolerance: 32) ?? Int.max
    #expect(
      differing <= size.width * size.height / 500,
      "\(differing) pixels of the panel differ from the painter's",
      sourceLocation: sourceLocation)
    let changed = shot.differingRows(from: before)
    #expect(
      changed.first == y && changed.last == y + size.height - 1, "only the panel's rows changed",
      sourceLocation: sourceLocation)
    return (scene, y)
  }

  /// The frame of the scene's target for `action`, or a failed expectation.
  static func frame(
    of action: OverlayScene.Target.Action, in scene: OverlayScene,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> OverlayScene.Rect {
    try #require(scene.targets.first { $0.action == action }, "\(action)", sourceLocation: sourceLocation)
      .frame
  }
}
