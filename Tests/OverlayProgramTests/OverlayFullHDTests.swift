import Foundation
import KeyMenuOverlay
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuTestSupport
import Testing

/// keymenu-overlay on a 1920×1080 X11 screen (Xvfb) over a full-screen
/// application, as on a TV: an alert, a menu with a divider,
/// and a prompt with the on-screen keyboard, each on the screen equal to
/// the painter's scene for that output, with 40-pixel text inside the 5 %
/// safe area. These are the README's screenshots:
/// `KEYMENU_OVERLAY_SHOTS=DIR swift test --filter OverlayFullHDTests` keeps
/// them as `DIR/1080-*.png` (docs/overlay/x11-1080-*.png are copies).
@Suite(.serialized)
struct OverlayFullHDTests {
  static let width = 1920
  static let height = 1080

  init() throws {
    ScreenScenario.prepareX11SocketDirectory()
  }

  static let alert = ModalPicture.alert(
    id: "", title: "Reboot now?", message: "Updates are installed. The box restarts in about a minute.",
    buttons: ["Later", "Reboot"], focus: 1, cancel: 0, defaultButton: 1)

  static func item(_ title: String, _ section: Int, _ position: String, submenu: Bool = false)
    -> ModalPicture.Menu.Item
  {
    .init(title: title, section: section, position: position, enabled: true, opensSubmenu: submenu)
  }

  static let menu = ModalPicture.menu(
    id: "", path: ["Media box"],
    items: [
      item("Watch TV", 0, "top"), item("Films", 0, "middle", submenu: true),
      item("Music", 0, "bottom", submenu: true),
      item("Settings", 1, "top"), item("Power off", 1, "bottom"),
    ], highlight: 1, filter: "")

  static let prompt = ModalPicture(
    id: "", kind: "prompt", title: "Name this box", text: "It shows on the network.",
    field: .init(shown: "Living room", masked: false, cursor: 11),
    keyboard: .init(
      rows: [
        "abcdefghij".map { String($0) }, "klmnopqrst".map { String($0) }, "uvwxyz.-_@".map { String($0) },
        ["shift", "123", "space", "⌫", "done"],
      ], row: 0, column: 0),
    buttons: ["OK", "Cancel"], cancel: 1)

  @Test(
    .enabled(
      if: (DaemonHarness.hasUmockdev && OverlayX11Tests.hasX11Tools) || DaemonHarness.requireEmulation))
  func anAlertAMenuAndAPromptWithTheKeyboardAt1080p() throws {
    let harness = try DaemonHarness()
    defer { ScreenScenario.stop(OverlayX11Tests.detached, in: harness.directory) }
    try harness.writeConfig(
      """
      log_level = "info"

      [[hotkeys]]
      key = "KEY_F6"
      menu = "media"

      [menus.media]
      title = "Media box"
      items = [
        { title = "Watch TV", invoke = "none" },
        { title = "Films", menu = "films" },
        { title = "Music", menu = "films" },
        { separator = true },
        { title = "Settings", menu = "films" },
        { title = "Power off", invoke = "none" },
      ]

      [menus.films]
      title = "Films"
      items = [{ title = "Heat", invoke = "none" }]
      """)
    let scenario = ScreenScenario.expand(
      OverlayX11Tests.startScreen.replacingOccurrences(of: "$SIZE", with: "\(Self.width)x\(Self.height)")
        + "\n"
          + #"""
          shot before
          \#(ScreenScenario.detach("overlay", "env DISPLAY=:$(cat $DIR/display) $OVERLAY --socket $DIR/s.sock 2>$DIR/overlay.log"))
          until 20000 grep -q 'following keymenud' $DIR/overlay.log
          spawn alert $CTL alert "Reboot now?" --message "Updates are installed. The box restarts in about a minute." --button Later --button Reboot --default 1 --cancel 0
          shot 1080-alert --differs before
          key 3 ESC 1
          key 3 ESC 0
          reap alert 3 ^Later$
          shot gone --same before
          key 3 F6 1
          key 3 F6 0
          shot menu-first --differs before
          key 3 DOWN 1
          key 3 DOWN 0
          shot 1080-menu --differs menu-first
          key 3 ESC 1
          key 3 ESC 0
          shot closed --same before
          spawn prompt $CTL prompt "Name this box" --message "It shows on the network." --text "Living room" --keyboard always
          shot 1080-prompt-keyboard --differs before
          key 3 ESC 1
          key 3 ESC 0
          reap prompt 1
          signal TERM
          exit
          """#, display: ":$(cat $DIR/display)")
    let result = try harness.run(scenario)
    let shots = ["before", "1080-alert", "1080-menu", "1080-prompt-keyboard"]
    ScreenScenario.keep(shots, from: harness.directory, prefix: "x11")
    let log = (try? String(contentsOfFile: harness.directory + "/overlay.log", encoding: .utf8)) ?? ""
    let servers = ScreenScenario.logs(["xvfb.log", "app.log"], in: harness.directory)
    #expect(result.status == 0, "\(result.stderr)\noverlay: \(log)\n\(servers)")
    guard result.status == 0 else { return }
    let before = try ScreenScenario.shot(harness.directory, "before")
    #expect(before.width == Self.width && before.height == Self.height)
    for (name, picture) in [
      ("1080-alert", Self.alert), ("1080-menu", Self.menu), ("1080-prompt-keyboard", Self.prompt),
    ] {
      let shot = try ScreenScenario.shot(harness.directory, name)
      let (scene, y) = try ScreenScenario.expectPainted(
        picture, on: shot, before: before, width: Self.width, height: Self.height)
      #expect(scene.bodyPixelSize == 40, "\(name)")
      #expect(
        y >= Self.height / 20 && y + scene.size.height <= Self.height - Self.height / 20, "\(name) at \(y)")
    }
  }
}
