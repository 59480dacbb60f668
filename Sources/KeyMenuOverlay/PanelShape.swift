import CGtkOverlay

/// The X Shape of the panel where the window cannot be translucent (X11
/// without a compositor): the region of its rounded rectangle, drawn once
/// into an A1 mask by the painter and read back row by row.
///
/// A C-boundary file (Cairo images and regions).
enum PanelShape {
  /// The region of `scene`'s panel; the caller destroys it.
  static func region(of scene: OverlayScene, painter: OverlayPainter) -> OpaquePointer {
    let size = scene.size
    let mask = cairo_image_surface_create(CAIRO_FORMAT_A1, Int32(size.width), Int32(size.height))!
    let cairo = cairo_create(mask)!
    painter.drawShape(of: scene, on: cairo)
    cairo_destroy(cairo)
    let region = Self.region(ofPanelMask: mask)
    cairo_surface_destroy(mask)
    return region
  }

  /// The pixels set in `mask` (an A1 image of the rounded panel) as a
  /// region. Each row of a rounded rectangle is one run, so a row is
  /// scanned from each end to its first set pixel, and rows with the same
  /// run make one rectangle: a few dozen rectangles made at once.
  /// (`gdk_cairo_region_create_from_surface` unions one rectangle per run
  /// and row: 30 to 50 ms for a 1080p panel, before its first frame.)
  private static func region(ofPanelMask mask: OpaquePointer) -> OpaquePointer {
    cairo_surface_flush(mask)
    let width = Int(cairo_image_surface_get_width(mask))
    let height = Int(cairo_image_surface_get_height(mask))
    let stride = Int(cairo_image_surface_get_stride(mask))
    guard let data = cairo_image_surface_get_data(mask) else { return cairo_region_create() }
    // A1 pixels are bits of 32-bit words, the first pixel in the word's
    // lowest bit on a little-endian machine (cairo's native order).
    func isSet(_ x: Int, _ row: UnsafeMutablePointer<UInt8>) -> Bool {
      let word = UnsafeRawPointer(row + (x / 32) * 4).loadUnaligned(as: UInt32.self)
      return word & (1 << UInt32(x % 32)) != 0
    }
    var rectangles: [cairo_rectangle_int_t] = []
    for y in 0..<height {
      let row = data + y * stride
      guard let left = (0..<width).first(where: { isSet($0, row) }),
        let right = (0..<width).reversed().first(where: { isSet($0, row) })
      else { continue }
      if var last = rectangles.last, last.x == Int32(left), last.width == Int32(right - left + 1),
        last.y + last.height == Int32(y)
      {
        last.height += 1
        rectangles[rectangles.count - 1] = last
      } else {
        rectangles.append(
          cairo_rectangle_int_t(x: Int32(left), y: Int32(y), width: Int32(right - left + 1), height: 1))
      }
    }
    return cairo_region_create_rectangles(rectangles, Int32(rectangles.count))
  }
}
