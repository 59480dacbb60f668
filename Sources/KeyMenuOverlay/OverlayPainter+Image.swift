import CGtkOverlay

// A C-boundary file, with OverlayPainter.swift: the Cairo image-surface and
// PNG calls, and the pointer walk over a surface's rows; nothing of it is
// public but pure values (RasterImage).

extension OverlayPainter {
  /// The scene drawn on an image surface (no display server needed), at
  /// `deviceScale` pixels per layout pixel (2 for a HiDPI output at scale 2).
  public func image(of scene: OverlayScene, deviceScale: Double = 1) -> RasterImage {
    withSurface(scene, deviceScale: deviceScale) { RasterImage(surface: $0) }
  }

  /// Writes the scene as a PNG file.
  public func writePNG(_ scene: OverlayScene, deviceScale: Double = 1, to path: String) throws(OverlayFailure)
  {
    let status = withSurface(scene, deviceScale: deviceScale) { cairo_surface_write_to_png($0, path) }
    guard status == CAIRO_STATUS_SUCCESS else {
      throw OverlayFailure(.io, "cannot write \(path): \(String(cString: cairo_status_to_string(status)))")
    }
  }

  private func withSurface<T>(_ scene: OverlayScene, deviceScale: Double, _ body: (OpaquePointer) -> T) -> T {
    let size = scene.size
    let surface = cairo_image_surface_create(
      CAIRO_FORMAT_ARGB32, Int32((Double(size.width) * deviceScale).rounded(.up)),
      Int32((Double(size.height) * deviceScale).rounded(.up)))!
    defer { cairo_surface_destroy(surface) }
    cairo_surface_set_device_scale(surface, deviceScale, deviceScale)
    let cairo = cairo_create(surface)!
    draw(scene, on: cairo)
    cairo_destroy(cairo)
    cairo_surface_flush(surface)
    return body(surface)
  }
}

extension RasterImage {
  /// Reads a PNG file (through Cairo); nil when it cannot be read.
  public init?(pngFile path: String) {
    let surface = cairo_image_surface_create_from_png(path)!
    defer { cairo_surface_destroy(surface) }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
    self.init(surface: surface)
  }

  /// Writes the image as a PNG file; false when it cannot.
  public func writePNG(to path: String) -> Bool {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    defer { cairo_surface_destroy(surface) }
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard let data = cairo_image_surface_get_data(surface) else { return false }
    for y in 0..<height {
      let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width { row[x] = self[x, y] }
    }
    cairo_surface_mark_dirty(surface)
    return cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS
  }

  /// Copies an image surface's pixels (ARGB32, or RGB24 made opaque).
  init(surface: OpaquePointer) {
    cairo_surface_flush(surface)
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let opaque = cairo_image_surface_get_format(surface) != CAIRO_FORMAT_ARGB32
    var pixels = [UInt32](repeating: 0, count: width * height)
    if let data = cairo_image_surface_get_data(surface) {
      for y in 0..<height {
        let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
        for x in 0..<width { pixels[y * width + x] = opaque ? row[x] | 0xFF00_0000 : row[x] }
      }
    }
    self.init(width: width, height: height, pixels: pixels)
  }
}
