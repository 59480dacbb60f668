import CGtkOverlay

/// The X11 panel's pixels, kept between frames in a pixmap of the X
/// server's (as dmenu keeps its drawable): a change paints only its
/// rectangles into it and copies them onto the window.
///
/// Written by hand because GDK's way, `gdk_window_begin_draw_frame` and
/// `gdk_window_end_draw_frame` around each frame, makes a pixmap for the
/// frame, clears it, copies it and frees it again: 60 µs of the overlay's
/// ~500 µs per key (cold, under Xvfb), and work for the X server, for
/// every key. The pixmap is the server's memory, not the overlay's.
///
/// C boundary: cairo and GDK calls only.
final class X11BackBuffer {
  private var surface: OpaquePointer?
  private var size: (width: Int, height: Int) = (0, 0)

  init() {}

  deinit { drop() }

  /// Forgets the pixels (GTK drew the window itself, or it is hidden): the
  /// next ``draw(on:width:height:only:paint:)`` paints the whole panel.
  func drop() {
    if let surface { cairo_surface_destroy(surface) }
    surface = nil
  }

  /// Paints the rectangles of `region` into the buffer with `paint`, which
  /// is given them (or nil, for the whole panel when the buffer is new or
  /// of another size), and copies them onto `window`; false when no buffer
  /// could be made (then nothing was drawn, and GDK's frame is the way).
  func draw(
    on window: OpaquePointer, width: Int, height: Int, only region: OpaquePointer,
    paint: (OpaquePointer, [OverlayScene.Rect]?) -> Void
  ) -> Bool {
    var whole = false
    if surface == nil || size != (width, height) {
      drop()
      let made = gdk_window_create_similar_surface(
        window, CAIRO_CONTENT_COLOR_ALPHA, Int32(width), Int32(height))
      guard let made, cairo_surface_status(made) == CAIRO_STATUS_SUCCESS else {
        if let made { cairo_surface_destroy(made) }
        return false
      }
      surface = made
      size = (width, height)
      whole = true
    }
    guard let surface, let buffer = cairo_create(surface) else { return false }
    let rects = PanelRegion.rects(of: region)
    if !whole { Self.clip(buffer, to: rects) }
    paint(buffer, whole ? nil : rects)
    cairo_destroy(buffer)
    guard let onWindow = keymenu_window_cairo_create(window) else { return false }
    cairo_set_source_surface(onWindow, surface, 0, 0)
    cairo_set_operator(onWindow, CAIRO_OPERATOR_SOURCE)
    Self.clip(onWindow, to: rects)
    cairo_paint(onWindow)
    cairo_destroy(onWindow)
    return true
  }

  /// Clips `cairo` to `rects`, whole pixels each.
  private static func clip(_ cairo: OpaquePointer, to rects: [OverlayScene.Rect]) {
    for rect in rects { cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height) }
    cairo_clip(cairo)
  }
}
