import Foundation
import KeyMenuOverlay
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuTestSupport
import Testing

/// Pictures drawn with Pango and Cairo on an image surface (no display
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

  /// Draws `snapshot` and compares it with `NAME.png`.
  func check(
    _ name: String, _ snapshot: ModalSnapshot, theme: OverlayTheme = .dark, scale: Double = 1,
    columns: Int = 72,
    rows: Int = 24
  ) throws {
    let painter = OverlayPainter(theme: theme, scale: scale)
    let picture = try #require(OverlayPicture(snapshot, columns: columns, rows: rows))
    let image = painter.image(of: picture)
    let reference = "\(Self.directory)/\(name).png"
    if Self.update {
      try painter.writePNG(picture, to: reference)
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

  @Test func alertInEachTheme() throws {
    try check("alert-dark", OverlaySamples.alert)
    try check("alert-light", OverlaySamples.alert, theme: .light)
    try check("alert-high-contrast", OverlaySamples.alert, theme: .highContrast)
  }

  @Test func menuWithSectionsHighlightAndSubmenu() throws {
    try check("menu-sections", OverlaySamples.sections)
  }

  @Test func longFilteredMenuWithMoreRowsOverAnAlert() throws {
    try check("menu-long", OverlaySamples.longList, columns: 60, rows: 14)
  }

  @Test func rightToLeftAlert() throws {
    try check("alert-rtl", OverlaySamples.rightToLeft)
  }

  @Test func chineseAndJapaneseMenu() throws {
    try check("menu-cjk", OverlaySamples.cjk)
  }

  @Test func scaledForATVAcrossTheRoom() throws {
    try check("menu-sections-scale2", OverlaySamples.sections, scale: 2)
    let one = OverlayPainter(scale: 1)
    let two = OverlayPainter(scale: 2)
    let picture = try #require(OverlayPicture(OverlaySamples.sections))
    #expect(two.size(of: picture).width >= 2 * one.size(of: picture).width - 2)
  }

  @Test func focusMovesOnlyTheButtonRow() throws {
    let painter = OverlayPainter()
    let right = painter.image(of: try #require(OverlayPicture(OverlaySamples.alert)))
    let left = painter.image(of: try #require(OverlayPicture(OverlaySamples.alertFocusLeft)))
    let rows = right.differingRows(from: left)
    let buttonRow = 3
    let top = Int(painter.padding + Double(buttonRow) * painter.cellHeight)
    let bottom = Int((painter.padding + Double(buttonRow + 2) * painter.cellHeight).rounded(.up))
    #expect(!rows.isEmpty)
    #expect(rows.allSatisfy { (top..<bottom).contains($0) }, "rows \(rows.first ?? 0)...\(rows.last ?? 0)")
  }

  /// On each output and at each `--scale`, the grid the overlay takes
  /// (``OverlayPainter/grid(on:)``) gives a box no larger than the output,
  /// for an 8,000-line message, a title wrapped over many rows and a long
  /// menu over an alert; an alert's focused button stays in it. On a
  /// 1280×720 output at scale 1 the grid is the 100 × 26 cells the
  /// end-to-end tests draw.
  @Test func theBoxIsNeverLargerThanTheOutput() throws {
    #expect(OverlayPainter().grid(on: (1280, 720)) == (100, 26))
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
        let grid = painter.grid(on: (output.width, output.height))
        for snapshot in [OverlaySamples.tallAlert, longTitle, OverlaySamples.longList] {
          let picture = try #require(OverlayPicture(snapshot, columns: grid.columns, rows: grid.rows))
          let size = painter.size(of: picture)
          let at = "\(output.width)×\(output.height) at scale \(scale), grid \(grid)"
          #expect(size.width <= output.width && size.height <= output.height, "\(size) on \(at)")
          if snapshot.front?.kind == ModalPicture.alertShape {
            // The focused button: whole on a grid of 30 columns or more (cut to
            // "…" on the 12 columns of scale 8 on 1280×720).
            let focused = picture.runs.first { $0.style == .highlighted }?.text ?? ""
            #expect(grid.columns < 30 ? !focused.isEmpty : focused.contains("[ Yes ]"), "\(focused) on \(at)")
          }
        }
      }
    }
  }

  @Test func theHighlightIsDrawnInReversedColours() throws {
    let painter = OverlayPainter(theme: .dark)
    let picture = try #require(OverlayPicture(OverlaySamples.sections))
    let image = painter.image(of: picture)
    let run = try #require(picture.runs.first { $0.style == .highlighted })
    // A point inside the highlight's cells, right of its text.
    let x = Int(painter.padding + (Double(run.column + run.columns) - 0.5) * painter.cellWidth)
    let y = Int(painter.padding + (Double(run.row) + 0.5) * painter.cellHeight)
    let background = OverlayTheme.dark.highlightBackground
    let expected =
      0xFF00_0000 | UInt32(background.red * 255) << 16 | UInt32(background.green * 255) << 8
      | UInt32(background.blue * 255)
    #expect(RasterImage.distance(image[x, y], expected) <= 1)
    #expect(RasterImage.distance(image[1, 1], expected) > 100, "the box itself is dark")
  }

  /// Translucent: the backgrounds (the box's and the highlight's) carry the
  /// opacity, the text stays opaque; composited over a colour, the box is
  /// the blend of the two.
  @Test func opacityMakesTheBackgroundsTranslucentAndNotTheText() throws {
    let painter = OverlayPainter(theme: .dark, opacity: 0.5)
    let picture = try #require(OverlayPicture(OverlaySamples.sections))
    let image = painter.image(of: picture)
    #expect(image[1, 1] >> 24 == 0x80, "the box's alpha: \(image[1, 1])")
    let run = try #require(picture.runs.first { $0.style == .highlighted })
    let x = Int(painter.padding + (Double(run.column + run.columns) - 0.5) * painter.cellWidth)
    let y = Int(painter.padding + (Double(run.row) + 0.5) * painter.cellHeight)
    #expect(image[x, y] >> 24 == 0x80, "the highlight's alpha, not stacked on the box's: \(image[x, y])")
    #expect(image.pixels.contains { $0 >> 24 == 0xFF }, "the text is opaque")
    let white = RasterImage(
      width: image.width, height: image.height,
      pixels: Array(repeating: 0xFFFF_FFFF, count: image.pixels.count))
    let blended = image.composited(over: white, x: 0, y: 0)
    // 0x1E1E24 half over white: (0x1E + 0xFF) / 2 and so on.
    #expect(RasterImage.distance(blended[1, 1], 0xFF8E_8E91) <= 1, "\(String(blended[1, 1], radix: 16))")
    // Opaque by default: the reference pictures above.
    #expect(OverlayPainter().image(of: picture)[1, 1] >> 24 == 0xFF)
  }

  /// Hebrew and Arabic from fonts-dejavu-core, CJK from fonts-wqy-microhei.
  @Test func rightToLeftCJKAndBoxCharactersHaveGlyphs() throws {
    let painter = OverlayPainter()
    for snapshot in [
      OverlaySamples.rightToLeft, OverlaySamples.cjk, OverlaySamples.sections, OverlaySamples.longList,
    ] {
      let picture = try #require(OverlayPicture(snapshot))
      #expect(painter.missingGlyphs(in: picture) == 0)
    }
    // The check can fail: Egyptian hieroglyphs are in no font these machines install.
    let hieroglyphs = OverlayPicture(lines: [TextLine("\u{13000}\u{13001}")])
    #expect(painter.missingGlyphs(in: hieroglyphs) == 2)
  }
}
