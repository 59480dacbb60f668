import CGtkOverlay

/// Sets the overlay's text with Pango: measures and breaks it for
/// ``OverlayLayout`` and makes the layouts ``OverlayPainter`` draws, in the
/// theme's font family (fontconfig's `sans-serif` by default; characters it
/// lacks, CJK or emoji, fall back per character through fontconfig).
///
/// The layouts and widths of the texts drawn lately are kept, so that a
/// key that moves the focus sets only what changed; the cache is emptied
/// when it holds ``cacheLimit`` layouts, or when the context changes (the
/// painter drew on a surface with other font options).
///
/// A C-boundary file: every Pango call of the overlay but drawing is here.
/// Text is set greyscale-antialiased with no hinting, so that a scene is
/// the same on every screen and in the reference images.
public final class OverlayTypesetter: OverlayTextMeasuring {
  /// The family when the theme names none.
  public static let defaultFamily = "sans-serif"
  /// How many layouts are kept.
  static let cacheLimit = 2048

  /// The font family asked for.
  public let family: String
  let context: OpaquePointer
  private var serial: UInt32
  private var fonts: [FontKey: OpaquePointer] = [:]
  private var layouts: [LayoutKey: OpaquePointer] = [:]
  private var widths: [LayoutKey: Double] = [:]
  /// How many Pango layouts were made so far (each text set anew).
  public private(set) var layoutsMade = 0

  private struct FontKey: Hashable {
    var font: OverlayScene.Font
    var size: Double
  }

  private struct LayoutKey: Hashable {
    var text: String
    var font: FontKey
    var setting: Setting
  }

  /// How a layout sets its text.
  private enum Setting: Hashable {
    /// On one line, as wide as it is.
    case line
    /// On one line, cut with "…" at this many pixels.
    case cut(Int)
    /// Broken into lines of at most this many pixels.
    case wrap(Int)
  }

  /// Creates a typesetter for `family`.
  public init(family: String = OverlayTypesetter.defaultFamily) {
    self.family = family
    context = pango_font_map_create_context(pango_cairo_font_map_get_default())
    let options = cairo_font_options_create()
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    pango_cairo_context_set_font_options(context, options)
    cairo_font_options_destroy(options)
    serial = pango_context_get_serial(context)
  }

  deinit {
    forget()
    for font in fonts.values { pango_font_description_free(font) }
    g_object_unref(UnsafeMutableRawPointer(context))
  }

  /// The width of `text` on one line, in pixels.
  public func width(of text: String, font: OverlayScene.Font, size: Double) -> Double {
    let key = LayoutKey(text: text, font: FontKey(font: font, size: size), setting: .line)
    if let width = widths[key] { return width }
    var logical = PangoRectangle()
    pango_layout_get_extents(layout(key), nil, &logical)
    let width = Double(logical.width) / Double(PANGO_SCALE)
    widths[key] = width
    return width
  }

  /// `text` broken into lines of at most `width` pixels (Pango's line
  /// breaking: at spaces and between CJK characters, inside a word too long).
  public func wrap(_ text: String, font: OverlayScene.Font, size: Double, width: Double) -> [String] {
    if !text.contains("\n"), self.width(of: text, font: font, size: size) <= width { return [text] }
    let key = LayoutKey(text: text, font: FontKey(font: font, size: size), setting: .wrap(Int(width)))
    let layout = layout(key)
    let bytes = Array(text.utf8)
    var lines: [String] = []
    for index in 0..<pango_layout_get_line_count(layout) {
      guard let line = pango_layout_get_line_readonly(layout, index) else { continue }
      let start = Int(line.pointee.start_index)
      let end = min(bytes.count, start + Int(line.pointee.length))
      var part = String(decoding: bytes[min(start, end)..<end], as: UTF8.self)
      while part.last?.isWhitespace == true { part.removeLast() }
      lines.append(part)
    }
    return lines.isEmpty ? [""] : lines
  }

  /// The layout of `text` in `font` at `size`, cut with "…" at `width`
  /// pixels when it is wider; owned by the typesetter.
  func layout(_ text: String, font: OverlayScene.Font, size: Double, width: Double) -> OpaquePointer {
    let cut = self.width(of: text, font: font, size: size) > width + 0.5
    return layout(
      LayoutKey(text: text, font: FontKey(font: font, size: size), setting: cut ? .cut(Int(width)) : .line))
  }

  /// How many characters of `text` no installed font has a glyph for.
  public func missingGlyphs(in text: String, font: OverlayScene.Font = .body, size: Double = 20) -> Int {
    Int(pango_layout_get_unknown_glyphs_count(layout(text, font: font, size: size, width: .infinity)))
  }

  /// Follows the font options and the scale of the surface `cairo` draws
  /// on; the layouts kept are dropped when that changes the context.
  ///
  /// Pango is asked only when what it would look at changed since the last
  /// call: `pango_cairo_update_context` marks the context changed on every
  /// call (it sets the matrix again, equal or not), which emptied the
  /// cache at every frame and laid out every text of the panel again
  /// (measured: 23 new layouts per key on a 12-item menu).
  func update(for cairo: OpaquePointer) {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cairo, &matrix)
    let options = cairo_font_options_create()
    cairo_surface_get_font_options(cairo_get_target(cairo), options)
    let target = Target(
      scale: [matrix.xx, matrix.yx, matrix.xy, matrix.yy], fontOptions: UInt(cairo_font_options_hash(options))
    )
    cairo_font_options_destroy(options)
    guard target != updatedFor else { return }
    updatedFor = target
    pango_cairo_update_context(cairo, context)
    let now = pango_context_get_serial(context)
    if now != serial {
      serial = now
      forget()
    }
  }

  /// What ``update(for:)`` looked at last: the linear part of the matrix
  /// (Pango ignores the translation) and the surface's font options.
  private struct Target: Equatable {
    var scale: [Double]
    var fontOptions: UInt
  }
  private var updatedFor: Target?

  private func layout(_ key: LayoutKey) -> OpaquePointer {
    if let layout = layouts[key] { return layout }
    if layouts.count >= Self.cacheLimit { forget() }
    let layout = pango_layout_new(context)!
    layoutsMade += 1
    pango_layout_set_font_description(layout, font(key.font))
    switch key.setting {
    case .line:
      pango_layout_set_single_paragraph_mode(layout, 1)
    case .cut(let width):
      pango_layout_set_single_paragraph_mode(layout, 1)
      pango_layout_set_width(layout, Int32(width) * PANGO_SCALE)
      pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
    case .wrap(let width):
      pango_layout_set_width(layout, Int32(width) * PANGO_SCALE)
      pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
    }
    pango_layout_set_text(layout, key.text, -1)
    layouts[key] = layout
    return layout
  }

  private func font(_ key: FontKey) -> OpaquePointer {
    if let font = fonts[key] { return font }
    let font = pango_font_description_new()!
    pango_font_description_set_family(font, family)
    pango_font_description_set_absolute_size(font, key.size * Double(PANGO_SCALE))
    if key.font == .title { pango_font_description_set_weight(font, PANGO_WEIGHT_BOLD) }
    fonts[key] = font
    return font
  }

  private func forget() {
    for layout in layouts.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
    layouts.removeAll(keepingCapacity: true)
    widths.removeAll(keepingCapacity: true)
  }
}
