import Foundation
import KeyMenuOverlay
import KeyMenuTestSupport
import Testing

/// `--output` on headless sway with two 1280x720 outputs side by side
/// (HEADLESS-1 at 0,0 holding the focused full-screen client, HEADLESS-2 at
/// 1280,0). Four overlays follow the same alert at scale 0.5, each at a
/// height of its own so that their panels never overlap: `--output
/// HEADLESS-2` at the top, the default (focused) at the bottom, `--output
/// all` in the centre, and `--output HDMI-A-9` (no such output) at the top.
/// grim's screenshot spans both outputs.
extension OverlaySwayTests {
  /// The bands of one output's 720 rows a panel of each position lies in.
  enum Band: CaseIterable {
    case top, center, bottom
    var rows: Range<Int> {
      switch self {
      case .top: return 0..<240
      case .center: return 240..<480
      case .bottom: return 480..<720
      }
    }
  }

  /// The changed box inside one output's band of two screenshots, in that
  /// band's coordinates, or nil when nothing there changed.
  static func changed(_ shot: RasterImage, _ before: RasterImage, output: Int, band: Band) -> (
    x: Int, y: Int, width: Int, height: Int
  )? {
    let x = output * 1280
    let rows = band.rows
    return ScreenScenario.changedBox(
      shot.cropped(x: x, y: rows.lowerBound, width: 1280, height: rows.count),
      before.cropped(x: x, y: rows.lowerBound, width: 1280, height: rows.count))
  }

  @Test(.enabled(if: (DaemonHarness.hasUmockdev && hasSway) || DaemonHarness.requireEmulation))
  func eachOverlayDrawsOnTheOutputsItsOutputOptionChooses() throws {
    let harness = try DaemonHarness()
    let session = try Session(
      output: """
        output HEADLESS-1 resolution 1280x720 position 0 0
        output HEADLESS-2 resolution 1280x720 position 1280 0
        """, overlayArguments: "", outputs: 2)
    defer { session.remove() }
    let overlays = [
      ("named", "--output HEADLESS-2 --position top"), ("focus", "--position bottom"),
      ("every", "--output all"), ("gone", "--output HDMI-A-9 --position top"),
    ]
    defer { ScreenScenario.stop(overlays.map(\.0) + ["app", "sway"], in: harness.directory) }
    try harness.writeConfig("log_level = \"info\"\n")
    let start = overlays.map { name, arguments in
      session.startOverlay(name, arguments: "--scale 0.5 --trace-frames \(arguments)")
        + "\nuntil 20000 grep -q 'following keymenud' $DIR/\(name).log"
    }
    // Every overlay drew the nth alert (all: in a window on each output)
    // before the shot.
    func drawn(_ alert: Int) -> String {
      overlays.map { name, _ in
        "until 10000 sh -c \"test $(grep -c '^keymenu-overlay: frame [0-9]* at' $DIR/\(name).log) "
          + "-ge \(name == "every" ? 2 * alert : alert)\""
      }.joined(separator: "\n")
    }
    let scenario = ScreenScenario.expand(
      #"""
      \#(session.startScreen)
      shot before
      \#(start.joined(separator: "\n"))
      spawn first $CTL alert "Reboot now?" --message "Updates are installed." --button No --button Yes --cancel 0
      \#(drawn(1))
      shot first --differs before
      key 3 ENTER 1
      key 3 ENTER 0
      reap first 0 ^Yes$
      shot between --same before
      until 5000 sh -c "swaymsg -s $(ls \#(session.run)/sway-ipc.*.sock) focus output HEADLESS-2"
      spawn second $CTL alert "Reboot now?" --message "Updates are installed." --button No --button Yes --cancel 0
      \#(drawn(2))
      shot second --differs before
      key 3 ENTER 1
      key 3 ENTER 0
      reap second 0 ^Yes$
      signal TERM
      exit
      """#, display: "wayland:\(session.run)/wayland-1")
    let result = try harness.run(scenario)
    ScreenScenario.keep(["before", "first", "second"], from: harness.directory, prefix: "sway-outputs")
    #expect(
      result.status == 0,
      "\(result.stderr)\n\(ScreenScenario.logs(overlays.map(\.0).map { $0 + ".log" } + ["sway.log"], in: harness.directory))"
    )
    guard result.status == 0 else { return }
    let before = try ScreenScenario.shot(harness.directory, "before")
    #expect(before.width == 2560 && before.height == 720, "both outputs: \(before.width)x\(before.height)")
    let size = try #require(OverlayPainter(scale: 0.5).scene(for: Self.rebootAlert, on: (1280, 720))).size
    func panels(_ shot: RasterImage) -> [[Bool]] {
      (0..<2).map { output in
        Band.allCases.map { band in
          guard let box = Self.changed(shot, before, output: output, band: band) else { return false }
          #expect(
            box.width == size.width && box.height == size.height && abs(box.x - (1280 - size.width) / 2) <= 1,
            "output \(output + 1), \(band): box \(box), panel \(size)")
          return true
        }
      }
    }
    // The client is focused on HEADLESS-1: named at HEADLESS-2's top, focused
    // and the missing name on HEADLESS-1 (bottom, top), all in both centres.
    #expect(
      panels(try ScreenScenario.shot(harness.directory, "first")) == [
        [true, true, true], [true, true, false],
      ])
    // HEADLESS-2 focused: focused and the missing name follow it.
    #expect(
      panels(try ScreenScenario.shot(harness.directory, "second")) == [
        [false, true, false], [true, true, true],
      ])
    let gone = (try? String(contentsOfFile: harness.directory + "/gone.log", encoding: .utf8)) ?? ""
    #expect(gone.contains("no output is named HDMI-A-9; the panel goes to the focused one"), "\(gone)")
    let named = (try? String(contentsOfFile: harness.directory + "/named.log", encoding: .utf8)) ?? ""
    #expect(!named.contains("no output is named"), "\(named)")
  }
}

/// `--output` under Xvfb, whose one RandR output is named `screen`: an
/// overlay asking for it draws there (at the top) without a word; one
/// asking for an output that is not plugged in says so once and draws on
/// the focused monitor (at the bottom). Xvfb cannot have two monitors, so
/// the choice among several is tested under sway.
extension OverlayX11Tests {
  @Test(.enabled(if: (DaemonHarness.hasUmockdev && hasX11Tools) || DaemonHarness.requireEmulation))
  func anOutputNamedByRandRIsUsedAndAMissingOneFallsBackToTheFocusedMonitor() throws {
    let harness = try DaemonHarness()
    defer { ScreenScenario.stop(["named", "gone", "app", "xvfb"], in: harness.directory) }
    try harness.writeConfig("log_level = \"info\"\n")
    let start = [
      ("named", "--output screen --position top"), ("gone", "--output HDMI-A-9 --position bottom"),
    ]
    .map { name, arguments in
      ScreenScenario.detach(
        name,
        "env DISPLAY=:$(cat $DIR/display) $OVERLAY --socket $DIR/s.sock --scale 0.5 --trace-frames \(arguments) "
          + "2>$DIR/\(name).log") + "\nuntil 20000 grep -q 'following keymenud' $DIR/\(name).log"
        + "\n"
    }.joined()
    let scenario = Self.expand(
      #"""
      \#(Self.startScreen)
      shot before
      \#(start)spawn alert $CTL alert "Reboot now?" --message "Updates are installed." --button No --button Yes --cancel 0
      until 10000 grep -q 'frame [0-9]* at' $DIR/named.log
      until 10000 grep -q 'frame [0-9]* at' $DIR/gone.log
      shot alert --differs before
      key 3 ENTER 1
      key 3 ENTER 0
      reap alert 0 ^Yes$
      shot after --same before
      signal TERM
      exit
      """#)
    let result = try harness.run(scenario)
    let logs = ScreenScenario.logs(["named.log", "gone.log", "xvfb.log"], in: harness.directory)
    #expect(result.status == 0, "\(result.stderr)\n\(logs)")
    guard result.status == 0 else { return }
    let before = try ScreenScenario.shot(harness.directory, "before")
    let alert = try ScreenScenario.shot(harness.directory, "alert")
    let size = try #require(
      OverlayPainter(scale: 0.5).scene(for: OverlaySwayTests.rebootAlert, on: (1280, 720))
    ).size
    for (band, expected) in [(OverlaySwayTests.Band.top, true), (.center, false), (.bottom, true)] {
      let box = OverlaySwayTests.changed(alert, before, output: 0, band: band)
      #expect((box != nil) == expected, "\(band): \(String(describing: box))")
      if let box { #expect(box.width == size.width && box.height == size.height, "\(band): \(box), \(size)") }
    }
    let named = (try? String(contentsOfFile: harness.directory + "/named.log", encoding: .utf8)) ?? ""
    let gone = (try? String(contentsOfFile: harness.directory + "/gone.log", encoding: .utf8)) ?? ""
    #expect(!named.contains("no output is named"), "\(named)")
    #expect(gone.components(separatedBy: "no output is named HDMI-A-9;").count == 2, "once: \(gone)")
  }
}
