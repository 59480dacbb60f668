import CGtkOverlay

/// The overlay window's frames drawn in its own Wayland buffers
/// (``WaylandBufferPool``) instead of GTK's, once the window is mapped and
/// placed: a change is drawn where the scene differs from the frame on the
/// screen and from what the chosen buffer held, so that every committed
/// buffer holds the whole scene, and only what differs from the screen is
/// damaged.
///
/// A C-boundary file: the GDK and Cairo calls of a pool frame. The window
/// (``OverlayWindow``) decides when a change goes here and keeps what the
/// screen shows.
final class WaylandPoolFrames {
  /// What became of a change given to ``draw(_:over:on:width:height:opacity:)``.
  enum Outcome {
    /// Drawn and committed.
    case committed
    /// Nothing differs from the screen: nothing to draw.
    case unchanged
    /// The compositor holds every buffer: ``onRelease`` comes when it
    /// releases one, and the change is to be drawn then.
    case waiting
    /// The pool cannot draw it (no Wayland surface of that size, or a
    /// buffer could not be made): GTK's paint is to draw it.
    case unavailable
  }

  private let painter: OverlayPainter
  /// The pool, made at the first frame; nil for good once making one failed.
  private var pool: WaylandBufferPool?
  private var failed = false
  /// The surface the buffers were last attached to (GDK makes a new one
  /// each time the window is mapped).
  private var surface: OpaquePointer?
  /// Called when the compositor released a buffer.
  var onRelease: (() -> Void)?
  /// Called when a buffer was made, with how many were made in all.
  var onBufferMade: ((Int) -> Void)?

  init(painter: OverlayPainter) { self.painter = painter }

  /// Draws `scene` in a free buffer and commits it on `window`'s surface,
  /// `onScreen` being the scene of the frame on the screen (nil: unknown,
  /// drawn whole); `width` and `height` are the window's placed size.
  func draw(
    _ scene: OverlayScene, over onScreen: OverlayScene?, on window: OpaquePointer, width: Int, height: Int,
    opacity: Double
  ) -> Outcome {
    guard !failed, let wlSurface = gdk_wayland_window_get_wl_surface(window),
      Int(gdk_window_get_width(window)) == width, Int(gdk_window_get_height(window)) == height
    else { return .unavailable }
    let whole = [OverlayScene.Rect(x: 0, y: 0, width: Double(width), height: Double(height))]
    let changed = onScreen.flatMap { scene.changedRects(since: $0) } ?? whole
    if changed.isEmpty { return .unchanged }
    guard let pool = pool ?? makePool() else { return .unavailable }
    if wlSurface != surface {
      // A new surface (the window was mapped again): the old one's buffers may never be released.
      pool.removeAll()
      surface = wlSurface
    }
    let made = pool.made
    let buffer: WaylandBufferPool.Buffer
    do {
      let size = WaylandBufferPool.Size(
        width: width, height: height, scale: Int(gdk_window_get_scale_factor(window)))
      guard let free = try pool.buffer(for: size) else { return .waiting }
      buffer = free
    } catch {
      failed = true
      self.pool = nil
      return .unavailable
    }
    if pool.made != made { onBufferMade?(pool.made) }
    // Drawn: what changed on the screen and what the buffer missed since
    // it was last there. Damaged: only what changed on the screen.
    let stale = buffer.scene.flatMap { scene.changedRects(since: $0) } ?? whole
    guard let region = PanelRegion.around(changed + stale, width: width, height: height),
      let damaged = PanelRegion.around(changed, width: width, height: height)
    else { return .unavailable }
    defer {
      cairo_region_destroy(region)
      cairo_region_destroy(damaged)
    }
    if let cairo = cairo_create(buffer.surface) {
      gdk_cairo_region(cairo, region)
      cairo_clip(cairo)
      painter.draw(
        scene, on: cairo, opacity: opacity, only: PanelRegion.rects(of: region),
        textsIn: buffer.scene == nil ? nil : changed + stale)
      cairo_destroy(cairo)
    }
    buffer.scene = scene
    pool.commit(
      buffer, to: wlSurface,
      damage: PanelRegion.rectangles(of: damaged).map { ($0.x, $0.y, $0.width, $0.height) })
    return .committed
  }

  /// Gives every buffer back; the next frame makes new ones.
  func removeAll() { pool?.removeAll() }

  private func makePool() -> WaylandBufferPool? {
    guard let display = gdk_display_get_default(), let made = WaylandBufferPool(display: display) else {
      failed = true
      return nil
    }
    made.onRelease = { [unowned self] in onRelease?() }
    pool = made
    return made
  }
}
