import CGtkOverlay

/// The parts of the panel a change draws, as Cairo regions: what changed
/// out to whole pixels, a region's rectangles, and what a Cairo context is
/// clipped to (``OverlayWindow`` and ``X11BackBuffer``).
///
/// A C-boundary file: Cairo's region calls only.
enum PanelRegion {
  /// `rects` out to whole pixels, and a little more for antialiased edges
  /// and glyphs' ink, within a window of `width` by `height`: a region to
  /// destroy; nil if none was made.
  static func around(_ rects: [OverlayScene.Rect], width: Int, height: Int) -> OpaquePointer? {
    guard let region = cairo_region_create() else { return nil }
    for changed in rects {
      let left = Int32((changed.x - 2).rounded(.down))
      let top = Int32((changed.y - 2).rounded(.down))
      var rect = cairo_rectangle_int_t(
        x: left, y: top, width: Int32((changed.x + changed.width + 2).rounded(.up)) - left,
        height: Int32((changed.y + changed.height + 2).rounded(.up)) - top)
      cairo_region_union_rectangle(region, &rect)
    }
    var whole = cairo_rectangle_int_t(x: 0, y: 0, width: Int32(width), height: Int32(height))
    cairo_region_intersect_rectangle(region, &whole)
    return region
  }

  /// The rectangles of `region`.
  static func rectangles(of region: OpaquePointer) -> [cairo_rectangle_int_t] {
    (0..<cairo_region_num_rectangles(region)).map { index in
      var rect = cairo_rectangle_int_t()
      cairo_region_get_rectangle(region, index, &rect)
      return rect
    }
  }

  /// The rectangles of `region`, as the scene's.
  static func rects(of region: OpaquePointer) -> [OverlayScene.Rect] {
    rectangles(of: region).map {
      OverlayScene.Rect(x: Double($0.x), y: Double($0.y), width: Double($0.width), height: Double($0.height))
    }
  }

  /// Whether `rects` cover the whole window.
  static func covers(_ rects: [OverlayScene.Rect], width: Int32, height: Int32) -> Bool {
    rects.contains {
      $0.x <= 0 && $0.y <= 0 && $0.x + $0.width >= Double(width) && $0.y + $0.height >= Double(height)
    }
  }

  /// The rectangles `cairo` is clipped to; nil when they are not rectangles
  /// of whole pixels (or cairo cannot say).
  static func clipRects(of cairo: OpaquePointer) -> [OverlayScene.Rect]? {
    guard let list = cairo_copy_clip_rectangle_list(cairo) else { return nil }
    defer { cairo_rectangle_list_destroy(list) }
    guard list.pointee.status == CAIRO_STATUS_SUCCESS, let rects = list.pointee.rectangles else { return nil }
    return (0..<Int(list.pointee.num_rectangles)).map {
      OverlayScene.Rect(x: rects[$0].x, y: rects[$0].y, width: rects[$0].width, height: rects[$0].height)
    }
  }

  /// Whether `region` holds the whole of `rect`.
  static func region(_ region: OpaquePointer, contains rect: OverlayScene.Rect) -> Bool {
    var whole = cairo_rectangle_int_t(
      x: Int32(rect.x.rounded(.down)), y: Int32(rect.y.rounded(.down)), width: Int32(rect.width.rounded(.up)),
      height: Int32(rect.height.rounded(.up)))
    return cairo_region_contains_rectangle(region, &whole) == CAIRO_REGION_OVERLAP_IN
  }
}
