import Foundation
import KeyMenuOverlay
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuTestSupport
import Testing

/// Taps and clicks on keymenu-overlay's panel (`modal.tap`) on a real
/// display server, with a real pointer: under Xvfb through xdotool (XTest),
/// under headless sway through a virtual pointer (wlr-virtual-pointer,
/// `Tests/Fixtures/overlay/wl_pointer.py`: headless sway has no input
/// devices). A click on a
/// menu item chooses it, a click on an alert's button answers it, the wheel
/// moves a long menu's highlight; the application under the panel keeps
/// the keyboard focus; under sway a swipe (a drag up 200 pixels, five rows
/// of 43) moves it on five. Where to click comes from the painter's scene for
/// the same picture on that output.
@Suite(.serialized)
struct OverlayTapTests {
  static let width = 1280
  static let height = 720

  init() throws {
    ScreenScenario.prepareX11SocketDirectory()
  }

  static let fruit = ModalPicture.menu(
    id: "", path: ["Fruit"],
    items: ["Apple", "Banana", "Cherry"].enumerated().map { index, title in
      .init(
        title: title, section: 0, position: ["top", "middle", "bottom"][index], enabled: true,
        opensSubmenu: false)
    }, highlight: 0, filter: "")

  static let alert = ModalPicture.alert(
    id: "", title: "Reboot now?", message: "Updates are installed.", buttons: ["No", "Yes"], focus: 1,
    cancel: 0,
    defaultButton: 1)

  /// The centre of `action`'s target on the screen, where the panel of
  /// `picture` is centred on the output.
  static func point(of action: OverlayScene.Target.Action, in picture: ModalPicture) throws -> (
    x: Int, y: Int
  ) {
    let scene = try #require(
      OverlayPainter().scene(for: ModalSnapshot(stack: [picture]), on: (width, height)))
    let frame = try ScreenScenario.frame(of: action, in: scene)
    let left = (width - scene.size.width) / 2
    let top = (height - scene.size.height) / 2
    return (left + Int(frame.x + frame.width / 2), top + Int(frame.y + frame.height / 2))
  }

  @Test(.enabled(if: hasX11Pointer))
  func clicksUnderX11ChooseAnItemAnswerAButtonAndTheWheelScrolls() throws {
    let banana = try Self.point(of: .item(1), in: Self.fruit)
    let no = try Self.point(of: .button(0), in: Self.alert)
    try Self.runUnderX11(
      keeping: ["menu", "alert", "songs", "songs-scrolled"], prefix: "x11-tap",
      #"""
      until 10000 sh -c "$FOCUS set xlogo"
      \#(Self.overlayTakingClicks)
      spawn fruit sh -c 'printf "Apple\nBanana\nCherry\n" | $CTL menu --title Fruit'
      shot menu --differs before
      \#(Self.click(banana))
      reap fruit 0 ^Banana$
      shot gone --same before
      until 1 sh -c "$FOCUS check xlogo"
      spawn alert $CTL alert "Reboot now?" --message "Updates are installed." --button No --button Yes --cancel 0
      shot alert --differs before
      \#(Self.click(no))
      reap alert 1 ^No$
      spawn songs sh -c 'seq 1 60 | sed "s/^/Song /" | $CTL menu --title Songs'
      shot songs --differs before
      \#(Self.click((640, 360), button: "5 click 5 click 5"))
      shot songs-scrolled --differs songs
      key 3 ENTER 1
      key 3 ENTER 0
      reap songs 0 "^Song 4$"
      until 1 sh -c "$FOCUS check xlogo"
      """#)
  }

  /// `keymenuctl checklist Services ssh cups ntp --on ssh` as keymenud shows it.
  static let services = ModalPicture(
    id: "", kind: "checklist", title: "Services",
    choices: DialogParts.Choices(
      marks: .check,
      items: [.init(text: "ssh", marked: true), .init(text: "cups"), .init(text: "ntp")], highlight: 0),
    buttons: ["OK", "Cancel"], cancel: 1)

  /// A checklist answered with the pointer alone under Xvfb: a click on
  /// cups checks it, a click on ssh unchecks it, a click on OK answers;
  /// keymenuctl prints what is checked.
  @Test(.enabled(if: hasX11Pointer))
  func clicksUnderX11CheckAndUncheckAChecklistAndPressOK() throws {
    let ssh = try Self.point(of: .item(0), in: Self.services)
    let cups = try Self.point(of: .item(1), in: Self.services)
    let ok = try Self.point(of: .button(0), in: Self.services)
    try Self.runUnderX11(
      keeping: ["list", "cups", "ssh"], prefix: "x11-checklist-tap",
      #"""
      \#(Self.overlayTakingClicks)
      spawn services $CTL checklist Services ssh cups ntp --on ssh
      shot list --differs before
      \#(Self.click(cups))
      shot cups --differs list
      \#(Self.click(ssh))
      shot ssh --differs cups
      \#(Self.click(ok))
      reap services 0 ^cups$
      shot gone --same before
      """#)
  }

  static let hasX11Pointer =
    (DaemonHarness.hasUmockdev && OverlayX11Tests.hasX11Tools
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool")) || DaemonHarness.requireEmulation

  /// The overlay started under Xvfb, once it says it takes clicks; `before` shot first.
  static let overlayTakingClicks = #"""
    shot before
    \#(ScreenScenario.detach("overlay", "env DISPLAY=:$(cat $DIR/display) $OVERLAY --socket $DIR/s.sock 2>$DIR/overlay.log"))
    until 20000 grep -q 'taps and clicks on the panel answer it' $DIR/overlay.log
    """#

  /// xdotool moving the pointer to `point` and clicking `button` there.
  static func click(_ point: (x: Int, y: Int), button: String = "1") -> String {
    "until 5000 sh -c \"DISPLAY=:$(cat $DIR/display) xdotool mousemove --sync \(point.x) \(point.y) click \(button)\""
  }

  /// Runs `steps` under Xvfb after OverlayX11Tests' screen (a full-screen
  /// xlogo, keymenud on an emulated keyboard) and stops it; keeps the
  /// screenshots `keeping` as `prefix-NAME.png`.
  static func runUnderX11(keeping: [String], prefix: String, _ steps: String) throws {
    let harness = try DaemonHarness()
    defer { ScreenScenario.stop(OverlayX11Tests.detached, in: harness.directory) }
    try harness.writeConfig("log_level = \"info\"\n")
    let scenario = OverlayX11Tests.expand(OverlayX11Tests.startScreen + "\n" + steps + "\nsignal TERM\nexit")
    let result = try harness.run(scenario)
    ScreenScenario.keep(keeping, from: harness.directory, prefix: prefix)
    let log = (try? String(contentsOfFile: harness.directory + "/overlay.log", encoding: .utf8)) ?? ""
    let servers = ScreenScenario.logs(["xvfb.log", "app.log"], in: harness.directory)
    #expect(result.status == 0, "\(result.stderr)\noverlay: \(log)\n\(servers)")
  }

  @Test(
    .enabled(if: (DaemonHarness.hasUmockdev && OverlaySwayTests.hasSway) || DaemonHarness.requireEmulation))
  func tapsUnderSwayChooseAnItemAnswerAButtonAndTheWheelScrolls() throws {
    let harness = try DaemonHarness()
    let session = try OverlaySwayTests.Session(
      output: "output HEADLESS-1 resolution \(Self.width)x\(Self.height)", overlayArguments: "")
    defer { session.remove() }
    defer { ScreenScenario.stop(OverlaySwayTests.detached + ["pointer"], in: harness.directory) }
    try harness.writeConfig("log_level = \"info\"\n")
    let banana = try Self.point(of: .item(1), in: Self.fruit)
    let no = try Self.point(of: .button(0), in: Self.alert)
    // A virtual pointer (headless sway has no input devices), driven through a FIFO.
    let pointer = "sh -c \"echo"
    let fifo = "> $DIR/pointer.fifo\""
    let scenario = ScreenScenario.expand(
      #"""
      \#(session.startScreen)
      shot before
      \#(session.startOverlay)
      until 20000 grep -q 'taps and clicks on the panel answer it' $DIR/overlay.log
      until 1000 mkfifo $DIR/pointer.fifo
      \#(ScreenScenario.detach("pointer", "/usr/bin/python3 \(TestProcess.fixtures)/overlay/wl_pointer.py \(session.run) \(Self.width) \(Self.height) $DIR/pointer.fifo > $DIR/pointer.log 2>&1"))
      until 10000 grep -q ready $DIR/pointer.log
      spawn fruit sh -c 'printf "Apple\nBanana\nCherry\n" | $CTL menu --title Fruit'
      shot menu --differs before
      until 5000 \#(pointer) click \#(banana.x) \#(banana.y) \#(fifo)
      reap fruit 0 ^Banana$
      shot gone --differs menu
      spawn alert $CTL alert "Reboot now?" --message "Updates are installed." --button No --button Yes --cancel 0
      shot alert --differs before
      until 5000 \#(pointer) click \#(no.x) \#(no.y) \#(fifo)
      reap alert 1 ^No$
      spawn songs sh -c 'seq 1 60 | sed "s/^/Song /" | $CTL menu --title Songs'
      shot songs --differs before
      until 5000 \#(pointer) wheel 640 360 2 \#(fifo)
      shot songs-scrolled --differs songs
      until 5000 \#(pointer) swipe 640 500 300 \#(fifo)
      shot songs-swiped --differs songs-scrolled
      key 3 ENTER 1
      key 3 ENTER 0
      reap songs 0 "^Song 8$"
      until 5000 \#(session.focused)
      until 5000 \#(pointer) quit \#(fifo)
      signal TERM
      exit
      """#, display: "wayland:\(session.run)/wayland-1")
    let result = try harness.run(scenario)
    ScreenScenario.keep(
      ["menu", "alert", "songs", "songs-scrolled", "songs-swiped"], from: harness.directory,
      prefix: "sway-tap")
    let log = (try? String(contentsOfFile: harness.directory + "/overlay.log", encoding: .utf8)) ?? ""
    let swayLog = (try? String(contentsOfFile: harness.directory + "/sway.log", encoding: .utf8)) ?? ""
    let pointerLog = (try? String(contentsOfFile: harness.directory + "/pointer.log", encoding: .utf8)) ?? ""
    #expect(
      result.status == 0,
      "\(result.stderr)\noverlay: \(log)\npointer: \(pointerLog)\nsway: \(swayLog.suffix(2000))")
  }
}
