import CGtkOverlay
import KeyMenuPluginAPI

/// Draws an ``OverlayPicture`` with Pango and Cairo: a monospace font
/// (DejaVu Sans Mono, falling back per character through fontconfig), one
/// run per styled span placed on its cell, the highlight in reversed
/// colours, dimmed text in the theme's dim colour, the title bold.
///
/// A C-boundary file: every Pango and Cairo call of the painter is here.
/// Text is drawn greyscale-antialiased with no hinting, so that a picture
/// is the same on every screen and in the reference images.
public final class OverlayPainter {
  /// The font family asked for (fonts-dejavu-core).
  public static let fontFamily = "DejaVu Sans Mono"
  /// The text height in pixels at scale 1.
  public static let basePixelSize = 18.0

  /// The colours.
  public let theme: OverlayTheme
  /// The size factor (`--scale`), on top of the output's own scale.
  public let scale: Double
  /// How opaque the box's background is (`--opacity`, 0.1...1) where the
  /// screen can show it (a compositor runs); the text is always opaque.
  public let opacity: Double

  private let context: OpaquePointer
  private let regular: OpaquePointer
  private let bold: OpaquePointer
  /// One cell's size in pixels (at scale).
  public let cellWidth: Double
  public let cellHeight: Double

  /// Creates a painter; `scale` is clamped to 0.5...8 and `opacity` to 0.1...1.
  public init(theme: OverlayTheme = .dark, scale: Double = 1, opacity: Double = 1) {
    self.theme = theme
    self.scale = min(8, max(0.5, scale))
    self.opacity = min(1, max(0.1, opacity))
    let fontMap = pango_cairo_font_map_get_default()
    context = pango_font_map_create_context(fontMap)
    let options = cairo_font_options_create()
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    pango_cairo_context_set_font_options(context, options)
    cairo_font_options_destroy(options)
    pango_context_set_base_dir(context, PANGO_DIRECTION_LTR)
    regular = pango_font_description_new()
    pango_font_description_set_family(regular, Self.fontFamily)
    pango_font_description_set_absolute_size(regular, Self.basePixelSize * self.scale * Double(PANGO_SCALE))
    bold = pango_font_description_copy(regular)
    pango_font_description_set_weight(bold, PANGO_WEIGHT_BOLD)
    // A cell: the logical box of a run of box-drawing dashes, per character.
    let layout = pango_layout_new(context)
    pango_layout_set_font_description(layout, regular)
    pango_layout_set_text(layout, "──────────", -1)
    var ink = PangoRectangle()
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, &ink, &logical)
    g_object_unref(UnsafeMutableRawPointer(layout))
    cellWidth = Double(logical.width) / Double(PANGO_SCALE) / 10
    cellHeight = Double(logical.height) / Double(PANGO_SCALE)
  }

  deinit {
    pango_font_description_free(regular)
    pango_font_description_free(bold)
    g_object_unref(UnsafeMutableRawPointer(context))
  }

  /// The space around the box's border, in pixels.
  public var padding: Double { (cellHeight / 2).rounded() }

  /// The grid of cells the box may take on an output of `screen` pixels
  /// (the renderer's width and height): 90 % of its width, at most 100
  /// columns, and 80 % of its height less a row for the line under the box
  /// ("1 more behind this one"); at least 30 columns and 8 rows on a small
  /// output, but never more than the whole output holds with the padding,
  /// so that the box is never larger than the output.
  public func grid(on screen: (width: Int, height: Int)) -> (columns: Int, rows: Int) {
    let width = Double(screen.width)
    let height = Double(screen.height)
    let across = Int((width - 2 * padding) / cellWidth)
    let down = Int((height - 2 * padding) / cellHeight) - 1
    let columns = min(across, 100, max(30, Int(width * 0.9 / cellWidth)))
    let rows = min(down, max(8, Int(height * 0.8 / cellHeight) - 1))
    return (max(1, columns), max(1, rows))
  }

  /// The picture's size in pixels.
  public func size(of picture: OverlayPicture) -> (width: Int, height: Int) {
    let width = (Double(picture.columns) * cellWidth + 2 * padding).rounded(.up)
    let height = (Double(picture.rows) * cellHeight + 2 * padding).rounded(.up)
    return (Int(width), Int(height))
  }

  /// How many characters of the picture no installed font has a glyph for
  /// (drawn as missing-glyph boxes).
  public func missingGlyphs(in picture: OverlayPicture) -> Int {
    picture.runs.reduce(0) { total, run in
      let layout = makeLayout(run)
      defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
      return total + Int(pango_layout_get_unknown_glyphs_count(layout))
    }
  }

  /// Draws the picture with its top left corner at the origin of `cairo`,
  /// the backgrounds at `opacity` (``opacity`` unless the surface cannot
  /// show it: 1 on an X11 screen with no compositor).
  func draw(_ picture: OverlayPicture, on cairo: OpaquePointer, opacity: Double? = nil) {
    let size = size(of: picture)
    let opacity = opacity ?? self.opacity
    cairo_save(cairo)
    set(theme.background, opacity: opacity, on: cairo)
    cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
    cairo_rectangle(cairo, 0, 0, Double(size.width), Double(size.height))
    cairo_fill(cairo)
    cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
    pango_cairo_update_context(cairo, context)
    for run in picture.runs {
      let x = padding + Double(run.column) * cellWidth
      let y = padding + Double(run.row) * cellHeight
      if run.style == .highlighted {
        // Replacing the box's background, so that the highlight is as
        // translucent as the box rather than the two stacked.
        set(theme.highlightBackground, opacity: opacity, on: cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_rectangle(cairo, x, y, Double(run.columns) * cellWidth, cellHeight)
        cairo_fill(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
      }
      set(color(of: run.style), on: cairo)
      let layout = makeLayout(run)
      cairo_move_to(cairo, x, y)
      pango_cairo_show_layout(cairo, layout)
      g_object_unref(UnsafeMutableRawPointer(layout))
    }
    cairo_restore(cairo)
  }

  private func color(of style: TextStyle) -> OverlayColor {
    switch style {
    case .normal: return theme.text
    case .highlighted: return theme.highlightText
    case .dimmed: return theme.dimmed
    case .title: return theme.title
    }
  }

  private func set(_ color: OverlayColor, opacity: Double = 1, on cairo: OpaquePointer) {
    cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha * opacity)
  }

  /// A layout of one run; the caller unrefs it.
  private func makeLayout(_ run: OverlayPicture.Run) -> OpaquePointer {
    let layout = pango_layout_new(context)!
    pango_layout_set_font_description(layout, run.style == .title ? bold : regular)
    pango_layout_set_single_paragraph_mode(layout, 1)
    // Left to right as a whole, as on a terminal: a right-to-left run is
    // reordered inside its cells, and the brackets around it stay put.
    pango_layout_set_auto_dir(layout, 0)
    pango_layout_set_text(layout, run.text, -1)
    return layout
  }
}
