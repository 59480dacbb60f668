import KeyMenuPluginAPI
import KeyMenuProtocol
import Testing

@testable import KeyMenuOverlay

/// The typesetter keeps what it set between frames (``OverlayTypesetter``).
@Suite struct OverlayTypesetterTests {
  /// A frame draws the texts the layout measured, and the next frame of
  /// the same panel, or of the panel after Down, sets no text it set
  /// before. (Pango's context was marked changed at every frame, which
  /// emptied the cache: every text of the panel was set again per key.)
  @Test func aSecondFrameSetsNoTextAgain() throws {
    let painter = OverlayPainter()
    let scene = try #require(painter.scene(for: OverlaySamples.sections, on: (1920, 1080)))
    _ = painter.image(of: scene)
    let afterFirst = painter.typesetter.layoutsMade
    #expect(afterFirst > 0)
    _ = painter.image(of: scene)
    #expect(painter.typesetter.layoutsMade == afterFirst, "the same frame again")
    // The first drawing set the context's font options, which emptied
    // the cache: the footer's widest form ("5/5"), measured by the layout
    // and never drawn, is set once more by the next layout.
    let again = try #require(painter.scene(for: OverlaySamples.sections, on: (1920, 1080)))
    _ = painter.image(of: again)
    #expect(painter.typesetter.layoutsMade <= afterFirst + 1, "laid out and drawn again")
    let settled = painter.typesetter.layoutsMade
    let third = try #require(painter.scene(for: OverlaySamples.sections, on: (1920, 1080)))
    _ = painter.image(of: third)
    #expect(painter.typesetter.layoutsMade == settled, "laid out and drawn a third time")
  }
}
