/// Measures and breaks text as it will be drawn, so that ``OverlayLayout``
/// can place it without calling a text library itself.
/// ``OverlayTypesetter`` does it with Pango.
public protocol OverlayTextMeasuring {
  /// The width in pixels of `text` set on one line in `font` at `size` pixels.
  func width(of text: String, font: OverlayScene.Font, size: Double) -> Double

  /// `text` broken into lines no wider than `width` pixels: at spaces
  /// where it can, inside a word where a word is wider; hard line breaks
  /// kept. An empty text is one empty line.
  func wrap(_ text: String, font: OverlayScene.Font, size: Double, width: Double) -> [String]
}
