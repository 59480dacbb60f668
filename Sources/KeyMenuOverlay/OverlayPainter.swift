import CGtkOverlay
public import KeyMenuPluginAPI

/// Lays out and draws the modal in front: ``OverlayLayout`` makes an
/// ``OverlayScene`` for the output's size, and this draws it with Cairo and
/// Pango: the panel with rounded corners, then its shapes and texts in the
/// theme's colours, each text in its frame (cut with "…" where it is wider).
///
/// A C-boundary file: every Cairo drawing call of the painter is here (text
/// is set by ``OverlayTypesetter``).
public final class OverlayPainter {
  /// The colours.
  public let theme: OverlayTheme
  /// The size factor (`--scale`), on top of the size that follows the output.
  public let scale: Double
  /// How opaque the panel is (`--opacity`, 0.1...1) where the screen can
  /// show it (a compositor runs); what is on it is always opaque.
  public let opacity: Double
  /// The share of the output's width and height kept free on each side (TV overscan).
  public let safeMargin: Double
  /// Sets the text.
  public let typesetter: OverlayTypesetter

  /// Creates a painter; `scale` is clamped to 0.5...8, `opacity` to 0.1...1.
  public init(
    theme: OverlayTheme = .dark, scale: Double = 1, opacity: Double = 1,
    safeMargin: Double = OverlayMetrics.defaultSafeMargin, typesetter: OverlayTypesetter? = nil
  ) {
    self.theme = theme
    self.scale = min(8, max(0.5, scale))
    self.opacity = min(1, max(0.1, opacity))
    self.safeMargin = safeMargin
    self.typesetter = typesetter ?? OverlayTypesetter(family: theme.font)
  }

  /// The sizes on an output of `output` pixels (logical).
  public func metrics(on output: (width: Int, height: Int)) -> OverlayMetrics {
    var metrics = OverlayMetrics(output: output, scale: scale, safeMargin: safeMargin)
    metrics.spacing = theme.spacing
    metrics.cornerFactor = theme.cornerRadius
    return metrics
  }

  /// The scene of what is in front of `snapshot` on an output of `output`
  /// pixels; nil when nothing is.
  public func scene(for snapshot: ModalSnapshot, on output: (width: Int, height: Int)) -> OverlayScene? {
    OverlayLayout(metrics: metrics(on: output), measurer: typesetter).scene(for: snapshot)
  }

  /// How many characters of the scene's texts no installed font has a
  /// glyph for (drawn as missing-glyph boxes).
  public func missingGlyphs(in scene: OverlayScene) -> Int {
    scene.elements.reduce(0) { total, element in
      guard case .text(let text) = element else { return total }
      return total + typesetter.missingGlyphs(in: text.text, font: text.font, size: scene.bodyPixelSize)
    }
  }

  /// Draws the scene with its top left corner at the origin of `cairo`: the
  /// panel at `opacity` (``opacity`` unless the surface cannot show it: 1
  /// on an X11 screen with no compositor), outside its corners nothing.
  /// With `only`, the elements outside those rectangles are left out (the
  /// caller clipped the surface to them: what changed since the last scene).
  /// With `textsIn` as well, a text is drawn only where it meets those
  /// (what changed, without the margin `only` adds for antialiased edges):
  /// a text's ink stays in its frame, so the neighbours of a changed row,
  /// which meet the margin and no more, keep their pixels untouched. That
  /// was half the texts drawn when a menu's highlight moved.
  func draw(
    _ scene: OverlayScene, on cairo: OpaquePointer, opacity: Double? = nil, only: [OverlayScene.Rect]? = nil,
    textsIn: [OverlayScene.Rect]? = nil
  ) {
    let opacity = opacity ?? self.opacity
    cairo_save(cairo)
    typesetter.update(for: cairo)
    cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
    cairo_set_source_rgba(cairo, 0, 0, 0, 0)
    cairo_paint(cairo)
    set(theme.background, opacity: opacity, on: cairo)
    path(
      OverlayScene.Rect(x: 0, y: 0, width: scene.width, height: scene.height), radius: scene.cornerRadius,
      on: cairo)
    cairo_fill(cairo)
    cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
    let metrics = OverlayMetrics(
      pixelSize: scene.bodyPixelSize, maximumWidth: scene.width, maximumHeight: scene.height)
    for element in scene.elements {
      if let only, !only.contains(where: { $0.intersects(element.bounds) }) { continue }
      if case .text = element, let textsIn, !textsIn.contains(where: { $0.intersects(element.bounds) }) {
        continue
      }
      switch element {
      case .fill(let rect, let radius, let paint):
        set(theme.color(of: paint), on: cairo)
        path(rect, radius: radius, on: cairo)
        cairo_fill(cairo)
      case .outline(let rect, let radius, let lineWidth, let paint):
        set(theme.color(of: paint), on: cairo)
        let half = lineWidth / 2
        path(
          OverlayScene.Rect(
            x: rect.x + half, y: rect.y + half, width: rect.width - lineWidth, height: rect.height - lineWidth
          ),
          radius: max(0, radius - half), on: cairo)
        cairo_set_line_width(cairo, lineWidth)
        cairo_stroke(cairo)
      case .text(let text):
        draw(text, size: metrics.pixelSize(of: text.font), on: cairo)
      }
    }
    cairo_restore(cairo)
  }

  /// Fills the panel's shape (its rounded rectangle) in opaque black: the
  /// mask of a window that cannot be translucent.
  func drawShape(of scene: OverlayScene, on cairo: OpaquePointer) {
    cairo_set_source_rgba(cairo, 0, 0, 0, 1)
    path(
      OverlayScene.Rect(x: 0, y: 0, width: scene.width, height: scene.height), radius: scene.cornerRadius,
      on: cairo)
    cairo_fill(cairo)
  }

  private func draw(_ text: OverlayScene.Text, size: Double, on cairo: OpaquePointer) {
    let frame = text.frame
    let layout = typesetter.layout(text.text, font: text.font, size: size, width: frame.width)
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, nil, &logical)
    let left = Double(logical.x) / Double(PANGO_SCALE)
    let top = Double(logical.y) / Double(PANGO_SCALE)
    let width = Double(logical.width) / Double(PANGO_SCALE)
    let height = Double(logical.height) / Double(PANGO_SCALE)
    let x: Double
    switch text.alignment {
    case .left: x = frame.x
    case .center: x = frame.x + (frame.width - width) / 2
    case .right: x = frame.x + frame.width - width
    }
    set(theme.color(of: text.paint), on: cairo)
    cairo_move_to(cairo, (x - left).rounded(), (frame.y + (frame.height - height) / 2 - top).rounded())
    pango_cairo_show_layout(cairo, layout)
  }

  /// A rectangle with rounded corners (the radius at most half its side).
  private func path(_ rect: OverlayScene.Rect, radius: Double, on cairo: OpaquePointer) {
    let radius = max(0, min(radius, rect.width / 2, rect.height / 2))
    cairo_new_sub_path(cairo)
    guard radius > 0 else {
      cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
      return
    }
    let right = rect.x + rect.width
    let bottom = rect.y + rect.height
    cairo_arc(cairo, right - radius, rect.y + radius, radius, -.pi / 2, 0)
    cairo_arc(cairo, right - radius, bottom - radius, radius, 0, .pi / 2)
    cairo_arc(cairo, rect.x + radius, bottom - radius, radius, .pi / 2, .pi)
    cairo_arc(cairo, rect.x + radius, rect.y + radius, radius, .pi, 3 * .pi / 2)
    cairo_close_path(cairo)
  }

  private func set(_ color: OverlayColor, opacity: Double = 1, on cairo: OpaquePointer) {
    cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha * opacity)
  }
}
