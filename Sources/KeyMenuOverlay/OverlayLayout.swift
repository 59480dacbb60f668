public import KeyMenuPluginAPI
import KeyMenuProtocol

/// Lays out the modal in front as a TV panel (``OverlayScene``) from its
/// parts, not from the text grid: a breadcrumb and the title, the message,
/// the menu's items with a focus bar and section dividers, check boxes and
/// radio marks, a progress bar, the typed field with its cursor, the
/// on-screen keyboard as key caps, the buttons as chips, scroll bars where
/// a list or text is longer than the panel, and a footer with the keys and
/// what is behind.
///
/// Pure: the same snapshot, metrics and measurer give the same scene. The
/// panel is never larger than the safe area: when the parts that cannot
/// scroll (a keyboard at a large `--scale`) do not fit, the text is set
/// smaller until they do. A modal whose first words are in a right-to-left
/// script is laid out mirrored. Texts are laid in their
/// ``ModalSnapshot/shown`` form.
public struct OverlayLayout<Measurer: OverlayTextMeasuring> {
  /// The sizes, from the output.
  public var metrics: OverlayMetrics
  /// How text is measured and broken (Pango in the overlay).
  public let measurer: Measurer

  /// Creates a layout.
  public init(metrics: OverlayMetrics, measurer: Measurer) {
    self.metrics = metrics
    self.measurer = measurer
  }

  /// The scene of what is in front of `snapshot`; nil when nothing is.
  public func scene(for snapshot: ModalSnapshot) -> OverlayScene? {
    guard let front = snapshot.front?.shown else { return nil }
    let rightToLeft = WritingDirection.isRightToLeft(front)
    let behind = snapshot.depth - 1
    var metrics = self.metrics
    var panel = PanelLayout(
      front, behind: behind, metrics: metrics, measurer: measurer, rightToLeft: rightToLeft)
    var scene = panel.scene()
    // Parts that cannot scroll taller than the safe area: smaller text, twice at most.
    for _ in 0..<2 where scene.height > metrics.maximumHeight + 0.5 {
      let smaller = (metrics.pixelSize * metrics.maximumHeight / scene.height).rounded(.down)
      guard smaller < metrics.pixelSize, smaller >= OverlayMetrics.minimumPixelSize else { break }
      metrics.pixelSize = smaller
      panel = PanelLayout(
        front, behind: behind, metrics: metrics, measurer: measurer, rightToLeft: rightToLeft)
      scene = panel.scene()
    }
    scene.height = min(scene.height, metrics.maximumHeight)
    return rightToLeft ? scene.mirrored() : scene
  }
}
