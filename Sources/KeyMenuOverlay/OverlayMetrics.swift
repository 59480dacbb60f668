/// The sizes a scene is laid out at, which follow the output: the body text
/// is ``textFraction`` of the output's height (40 px on 1080 lines, 80 on
/// 2160), times `--scale`; everything else (padding, rows, key caps) is a
/// multiple of it. The panel stays inside the TV-safe area: ``safeMargin``
/// of the output's width and height on each side, where an overscanning TV
/// may cut the picture.
public struct OverlayMetrics: Hashable, Sendable {
  /// The body text's height against the output's (about 1/27: 40 px at 1080p).
  public static let textFraction = 1.0 / 27
  /// The margin each side of the output kept free by default (5 %).
  public static let defaultSafeMargin = 0.05
  /// The smallest body text size drawn, in pixels.
  public static let minimumPixelSize = 8.0

  /// The body text's size in pixels.
  public var pixelSize: Double
  /// How wide and tall the panel may be: the safe area, in pixels.
  public var maximumWidth: Double
  public var maximumHeight: Double
  /// The padding and gaps, against the default's (a theme's `spacing`).
  public var spacing = 1.0
  /// The panel's corner radius in text heights (a theme's `corner_radius`).
  public var cornerFactor = 0.5

  /// The metrics for an output of `output` pixels (logical) at `scale`
  /// (clamped to 0.5...8), keeping `safeMargin` (0...0.25) of it free on
  /// each side.
  public init(output: (width: Int, height: Int), scale: Double = 1, safeMargin: Double = defaultSafeMargin) {
    let margin = min(0.25, max(0, safeMargin))
    let scale = min(8, max(0.5, scale))
    maximumWidth = max(1, (Double(output.width) * (1 - 2 * margin)).rounded(.down))
    maximumHeight = max(1, (Double(output.height) * (1 - 2 * margin)).rounded(.down))
    pixelSize = max(Self.minimumPixelSize, (Double(output.height) * Self.textFraction * scale).rounded())
  }

  /// Metrics of a given body size in a given area.
  public init(pixelSize: Double, maximumWidth: Double, maximumHeight: Double) {
    self.pixelSize = pixelSize
    self.maximumWidth = maximumWidth
    self.maximumHeight = maximumHeight
  }

  /// One unit of the layout: the body text's size.
  var em: Double { pixelSize }
  /// The space between the panel's edge and what is on it.
  var padding: Double { (0.8 * spacing * em).rounded() }
  /// The height of a line of body text.
  var lineHeight: Double { (1.35 * em).rounded() }
  /// The height of an item, a choice, a button or a key cap.
  var rowHeight: Double { (1.6 * em).rounded() }
  /// The space between parts.
  var gap: Double { (0.5 * spacing * em).rounded() }
  /// The panel's corner radius.
  var cornerRadius: Double { (cornerFactor * em).rounded() }
  /// The width of a scroll bar.
  var scrollBarWidth: Double { max(2, (0.18 * em).rounded()) }
  /// A thin line (dividers, outlines).
  var hairline: Double { max(1, (0.06 * em).rounded()) }
  /// The narrowest panel, output permitting.
  var minimumWidth: Double { min(maximumWidth, 12 * em) }
  /// The widest panel: a readable line, output permitting.
  var widestPanel: Double { min(maximumWidth, 32 * em) }

  /// The size of a text in `font`, in pixels.
  public func pixelSize(of font: OverlayScene.Font) -> Double {
    switch font {
    case .body: return pixelSize
    case .title: return (pixelSize * 1.15).rounded()
    case .small: return (pixelSize * 0.75).rounded()
    }
  }

  /// The height of a line of text in `font`.
  func lineHeight(of font: OverlayScene.Font) -> Double { (1.35 * pixelSize(of: font)).rounded() }
}
