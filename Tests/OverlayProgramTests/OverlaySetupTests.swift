import Foundation
import KeyMenuOverlay
import KeyMenuTestSupport
import Testing

/// The README's kiosk set-ups, run as written, with the README's own
/// configuration and the remote's Menu key: an X11 kiosk started by xinit
/// with the README's `.xinitrc`, and a sway kiosk with the README's sway
/// lines (sway as an unprivileged user, so the overlay that sway's `exec`
/// starts runs as that user, allowed on the socket through its group, as the
/// README says). The application line is the one thing replaced: no browser
/// or player is installed here, so a full-screen test window stands in.
@Suite(.serialized)
struct OverlaySetupTests {
  static let readme =
    (try? String(contentsOfFile: TestProcess.fixtures + "/../../README.md", encoding: .utf8)) ?? ""

  init() throws {
    ScreenScenario.prepareX11SocketDirectory()
    if DaemonHarness.requireEmulation {
      try #require(DaemonHarness.hasUmockdev, "umockdev is required")
      try #require(Self.hasTools, "xinit, Xvfb, sway and grim are required (make deps)")
    }
  }

  static let hasTools =
    OverlayX11Tests.hasX11Tools && OverlaySwayTests.hasSway
    && FileManager.default.isExecutableFile(atPath: "/usr/bin/xinit")

  /// The lines of the README's first `sh` block after `marker`.
  static func block(after marker: String) -> [String] {
    guard let place = readme.range(of: marker),
      let start = readme.range(of: "```sh\n", range: place.upperBound..<readme.endIndex),
      let end = readme.range(of: "\n```", range: start.upperBound..<readme.endIndex)
    else { return [] }
    return readme[start.upperBound..<end.lowerBound].components(separatedBy: "\n")
  }

  /// An X display number nobody uses (no socket, no lock file).
  static func freeDisplay() -> Int {
    (90..<200).first {
      !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)")
        && !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock")
    } ?? 199
  }

  @Test(.enabled(if: (DaemonHarness.hasUmockdev && hasTools) || DaemonHarness.requireEmulation))
  func theX11KioskShowsTheMenuOnTheRemotesMenuKey() throws {
    let harness = try DaemonHarness()
    defer { ScreenScenario.stop(["overlay", "xinit"], in: harness.directory) }
    try harness.writeConfig(Readme.configuration)
    let xinitrc = Self.block(after: "**An X11 kiosk**")
    try #require(xinitrc.contains("keymenu-overlay &") && xinitrc.contains { $0.hasPrefix("exec chromium") })
    let lines = xinitrc.flatMap { line -> [String] in
      if line == "keymenu-overlay &" {
        return [
          "\(ScreenScenario.overlay) 2>\(harness.directory)/overlay.log &", "echo $! > $DIR/overlay.pid",
        ]
      }
      if line.hasPrefix("exec chromium") { return ["exec xlogo -geometry 1280x720+0+0 -bg darkslateblue"] }
      return [line]
    }
    try (lines.joined(separator: "\n") + "\n").replacingOccurrences(of: "$DIR", with: harness.directory)
      .write(toFile: harness.directory + "/xinitrc", atomically: true, encoding: .utf8)
    let display = Self.freeDisplay()
    let focus = "$PY \(TestProcess.fixtures)/overlay/x11_focus.py :\(display)"
    let scenario = ScreenScenario.expand(
      #"""
      plug 4 remote
      until 5000 $CTL status
      \#(ScreenScenario.detach("xinit", "xinit /bin/sh $DIR/xinitrc -- /usr/bin/Xvfb :\(display) -screen 0 1280x720x24 -nolisten tcp > $DIR/xinit.log 2>&1"))
      until 30000 sh -c "xwininfo -display :\#(display) -name xlogo"
      until 20000 grep -q 'following keymenud' $DIR/overlay.log
      until 10000 sh -c "\#(focus) set xlogo"
      shot before
      key 4 KEY_MENU 1
      key 4 KEY_MENU 0
      shot menu --differs before
      until 1 sh -c "\#(focus) check xlogo"
      key 4 KEY_DOWN 1
      key 4 KEY_DOWN 0
      shot down --differs menu
      key 4 KEY_BACK 1
      key 4 KEY_BACK 0
      shot after --same before
      until 1 sh -c "\#(focus) check xlogo"
      signal TERM
      exit
      """#, display: ":\(display)")
    let result = try harness.run(scenario)
    ScreenScenario.keep(["before", "menu", "down"], from: harness.directory, prefix: "xinit")
    let log = (try? String(contentsOfFile: harness.directory + "/overlay.log", encoding: .utf8)) ?? ""
    let xinitLog = (try? String(contentsOfFile: harness.directory + "/xinit.log", encoding: .utf8)) ?? ""
    #expect(result.status == 0, "\(result.stderr)\noverlay: \(log)\nxinit: \(xinitLog.suffix(2000))")
    guard result.status == 0 else { return }
    try Self.checkMenuIsCentred(harness.directory)
  }

  @Test(.enabled(if: (DaemonHarness.hasUmockdev && hasTools) || DaemonHarness.requireEmulation))
  func theSwayKioskShowsTheMenuOnTheRemotesMenuKey() throws {
    let harness = try DaemonHarness()
    var template = Array((NSTemporaryDirectory() + "/keymenu-sway-XXXXXX").utf8CString)
    let run = String(cString: try #require(mkdtemp(&template)))
    defer { try? FileManager.default.removeItem(atPath: run) }
    defer { ScreenScenario.stop(["sway"], in: harness.directory) }
    let asRoot = getuid() == 0
    // The kiosk user (nobody, when the test runs as root) is let onto the
    // socket by its group, and runs copies of the programs it cannot reach
    // inside the checkout.
    let socket = run + "/keymenu.sock"
    var configuration = Readme.configuration
    if asRoot { configuration += "\n[socket]\ngroup = \"nogroup\"\n" }
    try harness.writeConfig(configuration)
    for (program, name) in [
      (ScreenScenario.overlay, "keymenu-overlay"),
      (TestProcess.fixtures + "/overlay/fullscreen.py", "app.py"),
    ] {
      try FileManager.default.copyItem(atPath: program, toPath: "\(run)/\(name)")
    }
    let lines = Self.block(after: "**A sway kiosk**")
    try #require(lines.contains("exec keymenu-overlay") && lines.contains { $0.hasPrefix("exec mpv") })
    let config = lines.compactMap { line -> String? in
      if line == "exec keymenu-overlay" { return "exec \(run)/keymenu-overlay 2> \(run)/overlay.log" }
      if line.hasPrefix("exec mpv") { return "exec /usr/bin/python3 \(run)/app.py" }
      if line.hasPrefix("for_window") { return "for_window [app_id=\"keymenu-test-app\"] fullscreen enable" }
      return line
    }
    try (["output HEADLESS-1 resolution 1280x720", "default_border none"] + config).joined(separator: "\n")
      .write(toFile: run + "/config", atomically: true, encoding: .utf8)
    if asRoot {
      for name in ["", "/config", "/keymenu-overlay", "/app.py"] {
        #expect(chown(run + name, 65534, 65534) == 0)
      }
    }
    let dropRoot = asRoot ? "setpriv --reuid nobody --regid nogroup --clear-groups " : ""
    let startSway = ScreenScenario.detach(
      "sway",
      "\(dropRoot)env -i PATH=/usr/bin:/bin HOME=\(run) XDG_RUNTIME_DIR=\(run) KEYMENU_SOCKET=\(socket) "
        + "GSETTINGS_BACKEND=memory WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_HEADLESS_OUTPUTS=1 "
        + "WLR_LIBINPUT_NO_DEVICES=1 sway -c \(run)/config > $DIR/sway.log 2>&1")
    let focused = "$PY \(TestProcess.fixtures)/overlay/sway_focus.py \(run) keymenu-test-app"
    let scenario = ScreenScenario.expand(
      #"""
      plug 4 remote
      until 5000 $CTL status
      \#(startSway)
      until 30000 \#(focused)
      until 30000 grep -q 'following keymenud' \#(run)/overlay.log
      shot before
      key 4 KEY_MENU 1
      key 4 KEY_MENU 0
      shot menu --differs before
      until 5000 \#(focused)
      key 4 KEY_DOWN 1
      key 4 KEY_DOWN 0
      shot down --differs menu
      key 4 KEY_BACK 1
      key 4 KEY_BACK 0
      shot after --same before
      until 5000 \#(focused)
      signal TERM
      exit
      """#, display: "wayland:\(run)/wayland-1")
    let result = try harness.run(scenario, environment: ["KEYMENU_SOCKET": socket])
    ScreenScenario.keep(["before", "menu", "down"], from: harness.directory, prefix: "sway-kiosk")
    let log = (try? String(contentsOfFile: run + "/overlay.log", encoding: .utf8)) ?? ""
    let swayLog = (try? String(contentsOfFile: harness.directory + "/sway.log", encoding: .utf8)) ?? ""
    #expect(result.status == 0, "\(result.stderr)\noverlay: \(log)\nsway: \(swayLog.suffix(2000))")
    guard result.status == 0 else { return }
    try Self.checkMenuIsCentred(harness.directory)
  }

  /// The menu's box is centred, and Down changed rows inside it only.
  static func checkMenuIsCentred(_ directory: String) throws {
    let before = try ScreenScenario.shot(directory, "before")
    let menu = try ScreenScenario.shot(directory, "menu")
    let down = try ScreenScenario.shot(directory, "down")
    let box = try #require(ScreenScenario.changedBox(menu, before))
    #expect(abs(box.x - (before.width - box.width) / 2) <= 1, "box \(box)")
    #expect(abs(box.y - (before.height - box.height) / 2) <= 1, "box \(box)")
    let rows = down.differingRows(from: menu)
    #expect(!rows.isEmpty && rows.allSatisfy { $0 > box.y && $0 < box.y + box.height }, "rows \(rows)")
  }
}
