/// What changed between two scenes of the same size, so that a new scene
/// is drawn over the old one only where it differs: a key that moves the
/// focus bar redraws two rows and the footer, not the panel.
extension OverlayScene {
  /// The rectangles that differ from `old`: the bounds of every shape and
  /// text in one scene and not the other. Nil when the panels differ in
  /// size or corners (everything is drawn anew); empty when nothing changed.
  ///
  /// Scenes of one modal list the same parts in the same order, so with as
  /// many elements on each side they are compared place by place (an
  /// element in one scene and not the other differs from what is at its
  /// place in the other, so its bounds are there; one merely moved in the
  /// list is drawn again, which is harmless). Otherwise, as sets: hashing
  /// every text of both scenes cost more than drawing the change.
  public func changedRects(since old: OverlayScene) -> [Rect]? {
    guard size == old.size, cornerRadius == old.cornerRadius, bodyPixelSize == old.bodyPixelSize else {
      return nil
    }
    guard elements.count == old.elements.count else {
      return Set(old.elements).symmetricDifference(Set(elements)).map(\.bounds)
    }
    var changed: [Rect] = []
    for (new, previous) in zip(elements, old.elements) where new != previous {
      changed.append(previous.bounds)
      if new.bounds != previous.bounds { changed.append(new.bounds) }
    }
    return changed
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
