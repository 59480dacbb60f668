import Foundation
import KeyMenuOverlay
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuTestSupport
import Testing

/// A change on the panel under headless sway, drawn in the overlay's own
/// buffers (sway's pixman renderer holds a client's buffer until its next
/// commit, so GTK made, filled and dropped a new one per frame): after
/// eight moves of the focus the overlay made at most three buffers, and
/// every frame on the screen (grim) is the painter's whole picture of that
/// focus, translucent, however little of it was drawn into that buffer;
/// so it is once sway repainted the whole output from the buffer on the
/// screen (the output turned off and on), which shows what of the buffer
/// was not damaged.
@Suite(.serialized)
struct OverlaySwayChangeTests {
  init() throws {
    if DaemonHarness.requireEmulation {
      try #require(DaemonHarness.hasUmockdev, "umockdev is required")
      try #require(OverlaySwayTests.hasSway, "sway and grim are required (make deps)")
    }
  }

  /// The focus after each key, from the last button: three to the left,
  /// back and forth, and back on the last.
  static let moves: [(key: String, focus: Int)] = [
    ("LEFT", 2), ("LEFT", 1), ("LEFT", 0), ("RIGHT", 1), ("RIGHT", 2), ("LEFT", 1), ("RIGHT", 2),
    ("RIGHT", 3),
  ]

  static func alert(focus: Int) -> ModalSnapshot {
    ModalSnapshot(stack: [
      ModalPicture.alert(
        id: "", title: "Pick one", message: "Four buttons.", buttons: ["A", "B", "C", "D"], focus: focus,
        cancel: 0, defaultButton: 3)
    ])
  }

  @Test(
    .enabled(if: (DaemonHarness.hasUmockdev && OverlaySwayTests.hasSway) || DaemonHarness.requireEmulation))
  func aFewBuffersAreReusedAndEveryFrameIsWhole() throws {
    let harness = try DaemonHarness()
    let session = try OverlaySwayTests.Session(
      output: "output HEADLESS-1 resolution 1280x720", overlayArguments: "--opacity 0.7 --trace-frames")
    defer { session.remove() }
    defer { ScreenScenario.stop(OverlaySwayTests.detached, in: harness.directory) }
    try harness.writeConfig("log_level = \"info\"\n")
    // sway repaints only the damaged part of the output: turning the
    // output off and on repaints all of it, from the whole of the buffer
    // on the screen.
    let output = "swaymsg -s $(ls \(session.run)/sway-ipc.*.sock) output HEADLESS-1 dpms"
    var previous = "alert"
    var steps: [String] = []
    for (index, move) in Self.moves.enumerated() {
      steps.append(
        """
        key 3 \(move.key) 1
        key 3 \(move.key) 0
        shot step\(index) --differs \(previous)
        until 5000 sh -c "\(output) off && \(output) on"
        shot whole\(index) --differs before
        """)
      previous = "step\(index)"
    }
    let scenario = ScreenScenario.expand(
      #"""
      \#(session.startScreen)
      shot before
      \#(session.startOverlay)
      until 20000 grep -q 'following keymenud' $DIR/overlay.log
      spawn alert $CTL alert "Pick one" --message "Four buttons." --button A --button B --button C --button D --cancel 0
      shot alert --differs before
      \#(steps.joined(separator: "\n"))
      shot last --same alert
      key 3 ENTER 1
      key 3 ENTER 0
      reap alert 0 ^D$
      shot after --same before
      signal TERM
      exit
      """#, display: "wayland:\(session.run)/wayland-1")
    let result = try harness.run(scenario)
    let kept = ["before", "alert"] + Self.moves.indices.flatMap { ["step\($0)", "whole\($0)"] }
    ScreenScenario.keep(kept, from: harness.directory, prefix: "sway-changes")
    let log = (try? String(contentsOfFile: harness.directory + "/overlay.log", encoding: .utf8)) ?? ""
    #expect(result.status == 0, "\(result.stderr)\noverlay: \(log.suffix(3000))")
    guard result.status == 0 else { return }
    // GTK drew the first frame; the moves went to the overlay's own
    // buffers, two or three of them, not one per frame.
    let made = log.split(separator: "\n").compactMap { line -> Int? in
      let parts = line.split(separator: " ")
      return parts.count == 4 && parts[1] == "buffers" && parts[3] == "made" ? Int(parts[2]) : nil
    }
    #expect((1...3).contains(made.max() ?? 0), "buffers made: \(made)")
    let before = try ScreenScenario.shot(harness.directory, "before")
    let painter = OverlayPainter(opacity: 0.7)
    let shots =
      [("alert", 3)]
      + Self.moves.enumerated().flatMap { index, move in
        [("step\(index)", move.focus), ("whole\(index)", move.focus)]
      }
    for (shot, focus) in shots {
      let scene = try #require(painter.scene(for: Self.alert(focus: focus), on: (1280, 720)))
      let size = scene.size
      let (x, y) = ((1280 - size.width) / 2, (720 - size.height) / 2)
      let onScreen = try ScreenScenario.shot(harness.directory, shot)
        .cropped(x: x, y: y, width: size.width, height: size.height)
      let drawn = painter.image(of: scene).composited(over: before, x: x, y: y)
      let differing = onScreen.differingPixels(from: drawn, tolerance: 32) ?? Int.max
      #expect(
        differing <= size.width * size.height / 500, "\(shot): \(differing) pixels differ from the painter's")
    }
  }
}
