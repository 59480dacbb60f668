/// Where on the screen the overlay's box goes.
public enum OverlayPosition: String, CaseIterable, Sendable {
  case center
  case top
  case bottom

  /// The box's top edge on a screen of `screenHeight` for a box of
  /// `boxHeight` (both in the same units): centred, or a tenth of the
  /// screen from the top or the bottom edge.
  public func top(screenHeight: Int, boxHeight: Int) -> Int {
    let margin = screenHeight / 10
    switch self {
    case .center: return max(0, (screenHeight - boxHeight) / 2)
    case .top: return min(margin, max(0, screenHeight - boxHeight))
    case .bottom: return max(0, screenHeight - boxHeight - margin)
    }
  }

  /// The margin from the anchored edge (layer shell), in the same units.
  public func edgeMargin(screenHeight: Int) -> Int { self == .center ? 0 : screenHeight / 10 }
}
