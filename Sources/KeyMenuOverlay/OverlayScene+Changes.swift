/// What changed between two scenes of the same size, so that a new scene
/// is drawn over the old one only where it differs: a key that moves the
/// focus bar redraws two rows and the footer, not the panel.
extension OverlayScene {
  /// The rectangles that differ from `old`: the bounds of every shape and
  /// text in one scene and not the other. Nil when the panels differ in
  /// size or corners (everything is drawn anew); empty when nothing changed.
  public func changedRects(since old: OverlayScene) -> [Rect]? {
    guard size == old.size, cornerRadius == old.cornerRadius, bodyPixelSize == old.bodyPixelSize else {
      return nil
    }
    let before = Set(old.elements)
    let after = Set(elements)
    return before.symmetricDifference(after).map(\.bounds)
  }
}

extension OverlayScene.Element {
  /// The rectangle the element may draw in (an outline's line is inside its rectangle).
  public var bounds: OverlayScene.Rect {
    switch self {
    case .fill(let rect, _, _), .outline(let rect, _, _, _): return rect
    case .text(let text): return text.frame
    }
  }
}

extension OverlayScene.Rect {
  /// Whether the two rectangles overlap.
  public func intersects(_ other: OverlayScene.Rect) -> Bool {
    x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
  }
}
