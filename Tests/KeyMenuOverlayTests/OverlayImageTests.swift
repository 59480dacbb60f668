import Foundation
import KeyMenuOverlay
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuTestSupport
import Testing

/// Scenes drawn with Pango and Cairo on an image surface (no display
/// server), compared with the reference images in Tests/Fixtures/overlay.
///
/// `KEYMENU_UPDATE_FIXTURES=1 swift test --filter OverlayImageTests` writes
/// the references anew (look at them before committing). A picture that
/// differs writes what it drew next to the reference as `NAME.actual.png`
/// (ignored by git) and fails.
@Suite struct OverlayImageTests {
  static let directory = TestProcess.fixtures + "/overlay"
  static let update = ProcessInfo.processInfo.environment["KEYMENU_UPDATE_FIXTURES"] == "1"
  /// How far a channel may be off before a pixel counts as different
  /// (antialiasing of another FreeType or Pango build).
  static let tolerance = 32
  /// How many pixels may differ, per thousand.
  static let allowedPerMille = 2
  static let fullHD = (width: 1920, height: 1080)

  /// Every kind, by the name of its reference image.
  static let kinds: [(String, ModalSnapshot)] = [
    ("alert", OverlaySamples.alert), ("menu", OverlaySamples.sections), ("submenu", OverlaySamples.submenu),
    ("prompt", OverlaySamples.prompt), ("prompt-keyboard", OverlaySamples.keyboardPrompt),
    ("checklist", OverlaySamples.checklist), ("radiolist", OverlaySamples.radiolist),
    ("gauge", OverlaySamples.gauge), ("textbox", OverlaySamples.textBox), ("hint", OverlaySamples.hint),
  ]

  /// Draws `snapshot` on an output of `output` pixels (logical) at
  /// `deviceScale`, and compares it with `NAME.png`.
  func check(
    _ name: String, _ snapshot: ModalSnapshot, theme: OverlayTheme = .dark,
    output: (width: Int, height: Int) = fullHD,
    deviceScale: Double = 1
  ) throws {
    let painter = OverlayPainter(theme: theme)
    let scene = try #require(painter.scene(for: snapshot, on: output))
    let image = painter.image(of: scene, deviceScale: deviceScale)
    let reference = "\(Self.directory)/\(name).png"
    if Self.update {
      try painter.writePNG(scene, deviceScale: deviceScale, to: reference)
      return
    }
    let expected = try #require(RasterImage(pngFile: reference), "\(reference) is missing or unreadable")
    let actual = "\(Self.directory)/\(name).actual.png"
    let differing = image.differingPixels(from: expected, tolerance: Self.tolerance)
    let allowed = expected.width * expected.height * Self.allowedPerMille / 1000
    if differing == nil || differing! > allowed { _ = image.writePNG(to: actual) }
    #expect(
      differing != nil,
      "\(name): \(image.width)×\(image.height), reference \(expected.width)×\(expected.height)")
    #expect((differing ?? 0) <= allowed, "\(name): \(differing ?? 0) pixels differ (see \(actual))")
  }

  @Test func everyKindInTheDarkThemeAt1080p() throws {
    for (name, snapshot) in Self.kinds { try check("1080-\(name)", snapshot) }
  }

  /// A 3840×2160 output at scale 2 (its logical size 1920×1080): the same
  /// layout with twice the pixels.
  @Test func everyKindInTheDarkThemeAt2160pScale2() throws {
    for (name, snapshot) in Self.kinds { try check("2160-\(name)", snapshot, deviceScale: 2) }
  }

  @Test func lightAndHighContrastThemes() throws {
    try check("1080-alert-light", OverlaySamples.alert, theme: .light)
    try check("1080-menu-light", OverlaySamples.sections, theme: .light)
    for name in ["alert", "menu", "checklist", "prompt-keyboard"] {
      let snapshot = try #require(Self.kinds.first { $0.0 == name }?.1)
      try check("1080-\(name)-high-contrast", snapshot, theme: .highContrast)
    }
  }

  @Test func longListsScrolled() throws {
    try check("1080-menu-500", OverlaySamples.fiveHundred)
    try check("1080-menu-long-filtered", OverlaySamples.longList)
    try check("720-alert-tall", OverlaySamples.tallAlert, output: (1280, 720))
  }

  @Test func rightToLeftAndCJK() throws {
    try check("1080-alert-rtl", OverlaySamples.rightToLeft)
    try check("1080-menu-cjk", OverlaySamples.cjk)
  }

  /// The readability check: on a 1920×1080 output each kind's body text,
  /// measured in the drawn pixels (a line with a capital or ascender and a
  /// descender, from its top ink to its bottom ink), is at least 1/30 of
  /// the output's height, and the panel is inside the 5 % safe area.
  @Test func everyKindIsReadableFromTheSofaAndInsideTheSafeArea() throws {
    let painter = OverlayPainter()
    for (name, snapshot) in Self.kinds + [("menu-500", OverlaySamples.fiveHundred)] {
      let scene = try #require(painter.scene(for: snapshot, on: Self.fullHD))
      #expect(scene.bodyPixelSize >= 1080.0 / 30, "\(name): \(scene.bodyPixelSize) px")
      #expect(scene.width <= 1920 * 0.9 && scene.height <= 1080 * 0.9, "\(name): \(scene.size)")
      let image = painter.image(of: scene)
      let lines = scene.elements.compactMap { element -> OverlayScene.Text? in
        guard case .text(let text) = element, text.font == .body,
          text.text.contains(where: { "gjpqy".contains($0) }),
          text.text.contains(where: { $0.isUppercase || "bdfhklt".contains($0) })
        else { return nil }
        return text
      }
      let line = try #require(lines.first, "\(name) has a body line with an ascender and a descender")
      let ink = inkHeight(of: line.frame, in: image, background: background(of: line, in: scene))
      #expect(ink >= 1080 / 30, "\(name): \"\(line.text)\" is \(ink) px high")
    }
  }

  /// The rows of `frame` holding pixels far from `background`: top to bottom ink.
  func inkHeight(of frame: OverlayScene.Rect, in image: RasterImage, background: UInt32) -> Int {
    var rows: [Int] = []
    for y in Int(frame.y)..<min(image.height, Int(frame.y + frame.height)) {
      let inked = (Int(frame.x)..<min(image.width, Int(frame.x + frame.width))).contains {
        RasterImage.distance(image[$0, y], background) > 96
      }
      if inked { rows.append(y) }
    }
    guard let first = rows.first, let last = rows.last else { return 0 }
    return last - first + 1
  }

  /// The colour under a text: the focus bar's when it is on one, else the panel's.
  func background(of text: OverlayScene.Text, in scene: OverlayScene) -> UInt32 {
    let color =
      text.paint == .focusText ? OverlayTheme.dark.highlightBackground : OverlayTheme.dark.background
    return Self.pixel(color)
  }

  static func pixel(_ color: OverlayColor) -> UInt32 {
    0xFF00_0000 | UInt32((color.red * 255).rounded()) << 16 | UInt32((color.green * 255).rounded()) << 8
      | UInt32((color.blue * 255).rounded())
  }

  /// Scaled for a TV across the room: `--scale 2` doubles the text.
  @Test func scaleDoublesTheText() throws {
    let one = try #require(OverlayPainter(scale: 1).scene(for: OverlaySamples.sections, on: (1280, 720)))
    let two = try #require(OverlayPainter(scale: 2).scene(for: OverlaySamples.sections, on: (1280, 720)))
    #expect(one.bodyPixelSize == (720.0 / 27).rounded() && two.bodyPixelSize == (2 * 720.0 / 27).rounded())
    #expect(two.width > 1.8 * one.width)
  }

  /// Left moves the focus: the button row and the footer under it ("Enter: No") change.
  @Test func focusMovesOnlyTheButtonRowAndTheFooter() throws {
    let painter = OverlayPainter()
    let right = try #require(painter.scene(for: OverlaySamples.alert, on: Self.fullHD))
    let left = try #require(painter.scene(for: OverlaySamples.alertFocusLeft, on: Self.fullHD))
    let rows = painter.image(of: right).differingRows(from: painter.image(of: left))
    let button = try #require(right.targets.first { $0.action == .button(0) }).frame
    #expect(!rows.isEmpty)
    #expect(
      rows.allSatisfy { Double($0) >= button.y && Double($0) < right.height },
      "rows \(rows.first ?? 0)...\(rows.last ?? 0)")
  }

  /// On each output and at each `--scale`, the panel is no larger than the
  /// safe area, for an 8,000-line message, a title wrapped over many rows,
  /// a long menu over an alert and the on-screen keyboard; an alert's
  /// buttons stay on it.
  @Test func thePanelIsNeverLargerThanTheSafeArea() throws {
    let longTitle = ModalSnapshot(stack: [
      ModalPicture.alert(
        id: "alert-5", title: String(repeating: "Really? ", count: 128), message: "Sure.",
        buttons: ["No", "Yes"], focus: 1, cancel: 0, defaultButton: 1)
    ])
    let outputs: [(width: Int, height: Int, scales: [Double])] = [
      (1920, 1080, [0.5, 1, 2, 4, 8]), (1280, 720, [0.5, 1, 2, 4, 8]), (640, 360, [0.5, 1, 2, 4]),
      (320, 240, [0.5, 1, 2]),
    ]
    for output in outputs {
      for scale in output.scales {
        let painter = OverlayPainter(scale: scale)
        for snapshot in [
          OverlaySamples.tallAlert, longTitle, OverlaySamples.longList, OverlaySamples.keyboardPrompt,
        ] {
          let scene = try #require(painter.scene(for: snapshot, on: (output.width, output.height)))
          let at = "\(output.width)×\(output.height) at scale \(scale)"
          #expect(
            scene.width <= Double(output.width) * 0.9 && scene.height <= Double(output.height) * 0.9,
            "\(scene.size) on \(at)")
          if snapshot.front?.kind == ModalPicture.alertShape {
            let yes = try #require(scene.targets.first { $0.action == .button(1) }, "Yes on \(at)")
            #expect(yes.frame.y + yes.frame.height <= scene.height, "Yes on \(at)")
          }
        }
      }
    }
  }

  @Test func theHighlightIsOnTheFocusBar() throws {
    let painter = OverlayPainter(theme: .dark)
    let scene = try #require(painter.scene(for: OverlaySamples.sections, on: Self.fullHD))
    let image = painter.image(of: scene)
    let bar = try #require(scene.targets.first { $0.action == .item(2) }).frame
    // Inside the bar, right of its text.
    let focus = Self.pixel(OverlayTheme.dark.highlightBackground)
    #expect(RasterImage.distance(image[Int(bar.x + bar.width) - 12, Int(bar.y + bar.height / 2)], focus) <= 1)
    let other = try #require(scene.targets.first { $0.action == .item(0) }).frame
    #expect(
      RasterImage.distance(image[Int(other.x + other.width) - 12, Int(other.y + other.height / 2)], focus)
        > 100)
  }

  /// Translucent: the panel carries the opacity; the focus bar, chips and
  /// text are opaque; outside the rounded corners nothing is drawn.
  @Test func opacityMakesThePanelTranslucentAndNotWhatIsOnIt() throws {
    let painter = OverlayPainter(theme: .dark, opacity: 0.5)
    let scene = try #require(painter.scene(for: OverlaySamples.sections, on: Self.fullHD))
    let image = painter.image(of: scene)
    let inside = (x: image.width / 2, y: image.height - 3)
    #expect(image[inside.x, inside.y] >> 24 == 0x80, "the panel's alpha: \(image[inside.x, inside.y])")
    #expect(image[0, 0] >> 24 == 0, "outside the corner")
    let bar = try #require(scene.targets.first { $0.action == .item(2) }).frame
    #expect(image[Int(bar.x + bar.width) - 12, Int(bar.y + bar.height / 2)] >> 24 == 0xFF, "the focus bar")
    let opaque = OverlayPainter().image(of: scene)
    #expect(opaque[inside.x, inside.y] >> 24 == 0xFF)
  }

  /// Emoji from fonts-noto-color-emoji through fontconfig's fallback, in
  /// colour: the item's frame holds saturated pixels, where the dark
  /// theme's text and a missing glyph's box are grey.
  @Test func emojiHaveGlyphsInColour() throws {
    let painter = OverlayPainter()
    let snapshot = ModalSnapshot(stack: [
      ModalPicture.menu(
        id: "menu-9", path: ["Tonight"],
        items: [
          OverlaySamples.item("Films", position: .top), OverlaySamples.item("🍿🎬", position: .bottom),
        ], highlight: 0, filter: "")
    ])
    let scene = try #require(painter.scene(for: snapshot, on: Self.fullHD))
    #expect(painter.missingGlyphs(in: scene) == 0)
    let frame = try #require(scene.targets.first { $0.action == .item(1) }).frame
    let saturated = Self.saturatedPixels(in: painter.image(of: scene), frame)
    #expect(saturated > 100, "\(saturated) saturated pixels in the emoji item")
    // A glyph no font has is a grey box: the same count there is near none.
    let plain = ModalSnapshot(stack: [
      ModalPicture.menu(
        id: "menu-9", path: ["Tonight"],
        items: [
          OverlaySamples.item("Films", position: .top),
          OverlaySamples.item("\u{13000}\u{13001}", position: .bottom),
        ], highlight: 0, filter: "")
    ])
    let boxes = try #require(painter.scene(for: plain, on: Self.fullHD))
    let grey = Self.saturatedPixels(in: painter.image(of: boxes), frame)
    #expect(grey < 10, "\(grey) saturated pixels in the missing glyphs' item")
  }

  /// The pixels of `frame` whose channels differ by more than 80 (colour, not grey).
  static func saturatedPixels(in image: RasterImage, _ frame: OverlayScene.Rect) -> Int {
    var count = 0
    for y in Int(frame.y)..<Int(frame.y + frame.height) {
      for x in Int(frame.x)..<Int(frame.x + frame.width) {
        let pixel = image[x, y]
        let channels = [(pixel >> 16) & 0xFF, (pixel >> 8) & 0xFF, pixel & 0xFF].map { Int($0) }
        if channels.max()! - channels.min()! > 80 { count += 1 }
      }
    }
    return count
  }

  /// Hebrew and Arabic from fonts-dejavu-core, CJK from fonts-wqy-microhei.
  @Test func rightToLeftCJKAndMarksHaveGlyphs() throws {
    let painter = OverlayPainter()
    for snapshot in [
      OverlaySamples.rightToLeft, OverlaySamples.cjk, OverlaySamples.sections, OverlaySamples.checklist,
      OverlaySamples.keyboardPrompt, OverlaySamples.submenu,
    ] {
      let scene = try #require(painter.scene(for: snapshot, on: Self.fullHD))
      #expect(painter.missingGlyphs(in: scene) == 0)
    }
    // The check can fail: Egyptian hieroglyphs are in no font these machines install.
    #expect(painter.typesetter.missingGlyphs(in: "\u{13000}\u{13001}") == 2)
  }
}
