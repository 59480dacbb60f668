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
    let again = try #require(painter.scene(for: OverlaySamples.sections, on: (1920, 1080)))
    _ = painter.image(of: again)
    #expect(painter.typesetter.layoutsMade == afterFirst, "laid out and drawn again")
  }
}
