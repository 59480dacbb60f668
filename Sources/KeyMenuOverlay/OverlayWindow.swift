import CGtkOverlay
import Glibc

/// The GTK window the panel is drawn in, which never takes the keyboard
/// focus (and the pointer only when ``takesPointer``): on X11 a popup
/// (override-redirect) window placed on the monitor, on Wayland a
/// gtk-layer-shell surface on the overlay layer with no keyboard
/// interactivity. Hidden while nothing is in front.
///
/// A C-boundary file: every GTK and GDK call of the window is here, but
/// for its pointer input (``OverlayPointerInput``).
final class OverlayWindow {
  private let widget: UnsafeMutablePointer<GtkWidget>
  private let backend: OverlayBackend
  private let painter: OverlayPainter
  private let position: OverlayPosition
  private var scene: OverlayScene?
  /// Whether the window has an alpha channel a compositor shows (Wayland
  /// always; X11 while a compositing manager runs), so that the painter's
  /// opacity applies; otherwise the box is drawn opaque.
  private var translucent = false
  /// How many scenes ``show(_:)`` was given; a frame carries the number of
  /// the scene it drew.
  private(set) var shown = 0
  private var drawnSinceFrame: Int?
  /// The panel's pixels between changes on X11 (``X11BackBuffer``).
  private let backBuffer = X11BackBuffer()
  private var tracedClock: OpaquePointer?
  private var compositedChanged: gulong = 0
  /// The window's shape, as last set (nil: none, the window is translucent).
  private struct Shape: Equatable {
    var width: Int
    var height: Int
    var radius: Double
  }
  private var shapeSet: Shape?
  /// Whether a shape (or none) was set since the window was realized.
  private var shaped = false
  /// Taps, clicks and scrolls on the panel, and its input shape.
  private let pointerInput: OverlayPointerInput
  /// Whether the panel takes clicks and taps (the connection may call
  /// `modal.tap`); otherwise they pass through to what is under it.
  var takesPointer: Bool {
    get { pointerInput.takesPointer }
    set { pointerInput.takesPointer = newValue }
  }
  /// Called with each tap or scroll on the panel and the id of the modal
  /// it was on.
  var onGesture: ((OverlayPointer.Gesture, String) -> Void)? {
    get { pointerInput.onGesture }
    set { pointerInput.onGesture = newValue }
  }
  /// The monitor the panel is on; nil lets the compositor choose
  /// (Wayland) or takes the primary monitor (X11).
  var monitor: OverlayMonitors.Handle? {
    didSet {
      guard monitor != oldValue else { return }
      if backend == .wayland { gtk_layer_set_monitor(keymenu_as_window(widget), monitor?.gdkMonitor) }
      placed = nil
    }
  }
  /// Called after each frame that drew a scene, with that scene's
  /// number, once the frame's requests went to the display server (the
  /// frame committed); set for `--trace-frames`.
  var onFrame: ((Int) -> Void)?
  /// Called when the window made a buffer of its own (Wayland), with how
  /// many it made in all; set for `--trace-frames`.
  var onBufferMade: ((Int) -> Void)? {
    get { poolFrames.onBufferMade }
    set { poolFrames.onBufferMade = newValue }
  }
  /// The frames drawn in the window's own buffers on Wayland.
  private let poolFrames: WaylandPoolFrames
  /// Whether GTK painted the window since it was placed: until then the
  /// layer surface may not be configured at its size, and only GTK draws.
  private var paintedSincePlaced = false
  /// Whether a buffer of the pool was committed since GTK last painted:
  /// GTK's buffer then lags the screen, and its next paint is whole.
  private var poolAhead = false
  /// The scene of the frame last committed (GTK's or the pool's).
  private var onScreen: OverlayScene?
  /// Whether a change waits for the compositor to release a buffer.
  private var framePending = false

  /// Opens the display for `backend` (`auto` tries Wayland, then X11) and
  /// returns the backend GDK opened.
  static func openDisplay(_ backend: OverlayBackend) throws(OverlayFailure) -> OverlayBackend {
    // Nothing here draws with OpenGL. Without this GDK's X11 backend loads
    // Mesa (llvmpipe and libLLVM where there is no GPU) to choose visuals:
    // 88 MB resident instead of 33 MB under Xvfb. A GDK_GL the user set wins.
    setenv("GDK_GL", "disable", 0)
    gdk_set_allowed_backends(backend.gdkName)
    var argc: Int32 = 0
    guard gtk_init_check(&argc, nil) != 0, let display = gdk_display_get_default() else {
      throw OverlayFailure(.noDisplay, "cannot open the display (\(backend.rawValue) backend)")
    }
    let type = String(cString: keymenu_display_type_name(display))
    let opened: OverlayBackend = type.contains("Wayland") ? .wayland : .x11
    if opened == .wayland, gtk_layer_is_supported() == 0 {
      throw OverlayFailure(
        .noLayerShell,
        "this Wayland compositor has no layer shell (GNOME, cage): run with --backend x11 under Xwayland, "
          + "or use the console or speech presenters (docs/OVERLAY.md)")
    }
    return opened
  }

  /// Makes the (hidden) window; ``openDisplay(_:)`` first.
  init(backend: OverlayBackend, painter: OverlayPainter, position: OverlayPosition) {
    self.backend = backend
    self.painter = painter
    self.position = position
    poolFrames = WaylandPoolFrames(painter: painter)
    widget = gtk_window_new(backend == .wayland ? GTK_WINDOW_TOPLEVEL : GTK_WINDOW_POPUP)
    pointerInput = OverlayPointerInput(widget: widget)
    let window = keymenu_as_window(widget)
    gtk_window_set_title(window, "keymenu")
    gtk_window_set_accept_focus(window, 0)
    gtk_window_set_focus_on_map(window, 0)
    gtk_window_set_decorated(window, 0)
    gtk_window_set_resizable(window, 0)
    gtk_window_set_keep_above(window, 1)
    gtk_window_set_type_hint(window, GDK_WINDOW_TYPE_HINT_NOTIFICATION)
    gtk_widget_set_can_focus(widget, 0)
    gtk_widget_set_app_paintable(widget, 1)
    chooseVisual()
    if backend == .wayland {
      gtk_layer_init_for_window(window)
      gtk_layer_set_layer(window, GTK_LAYER_SHELL_LAYER_OVERLAY)
      gtk_layer_set_keyboard_mode(window, GTK_LAYER_SHELL_KEYBOARD_MODE_NONE)
      gtk_layer_set_namespace(window, "keymenu")
      gtk_layer_set_exclusive_zone(window, -1)
    }
    _ = keymenu_connect_draw(
      widget,
      { _, cairo, data in
        guard let cairo, let data else { return 0 }
        Unmanaged<OverlayWindow>.fromOpaque(data).takeUnretainedValue().draw(on: cairo)
        return 1
      }, Unmanaged.passUnretained(self).toOpaque())
    // A compositing manager started or stopped (X11): the visual follows.
    compositedChanged = keymenu_connect_instance_signal(
      UnsafeMutableRawPointer(gtk_widget_get_screen(widget)), "composited-changed",
      { _, data in
        guard let data else { return }
        Unmanaged<OverlayWindow>.fromOpaque(data).takeUnretainedValue().compositingChanged()
      }, Unmanaged.passUnretained(self).toOpaque())
    poolFrames.onRelease = { [unowned self] in
      // A change that found every buffer held.
      guard framePending, let scene, let placed else { return }
      framePending = false
      if !drawInPool(scene, size: placed) { queueWholeDraw() }
    }
  }

  deinit {
    g_signal_handler_disconnect(UnsafeMutableRawPointer(gtk_widget_get_screen(widget)), compositedChanged)
    gtk_widget_destroy(widget)
  }

  /// The monitor's size in pixels (logical, before the output's scale).
  var screen: (width: Int, height: Int) {
    let rect = monitorGeometry()
    return (Int(rect.width), Int(rect.height))
  }

  /// Shows `scene`, or hides the window for nil.
  func show(_ scene: OverlayScene?) {
    let previous = self.scene
    self.scene = scene
    pointerInput.scene = scene
    shown += 1
    guard let scene else {
      gtk_widget_hide(widget)
      backBuffer.drop()
      changedSinceDraw = nil
      placed = nil
      onScreen = nil
      framePending = false
      poolFrames.removeAll()
      return
    }
    let monitor = monitorGeometry()
    // The scene is laid out for the monitor's safe area; whatever it asks,
    // the window is never larger than the monitor.
    let drawn = scene.size
    let size = Placement(
      width: min(drawn.width, Int(monitor.width)), height: min(drawn.height, Int(monitor.height)),
      monitor: [monitor.x, monitor.y, monitor.width, monitor.height])
    // The same place, the window mapped: only what changed is drawn.
    if size == placed, gtk_widget_get_mapped(widget) != 0,
      let changed = previous.flatMap({ scene.changedRects(since: $0) })
    {
      switch backend {
      case .wayland where paintedSincePlaced && drawInPool(scene, size: size): break
      case .wayland: queueDraw(only: changed, size: size)
      default: drawNow(scene, size: size, only: changed)
      }
      return
    }
    place(size, monitor: monitor)
    gtk_widget_show(widget)
    shape(scene)
    pointerInput.applyInputShape()
    changedSinceDraw = nil
    gtk_widget_queue_draw(widget)
    if onFrame != nil { traceFrames() }
  }

  /// What changed since GTK last drew the window (``queueDraw(only:size:)``),
  /// and those rectangles to whole pixels with their margin (empty after a
  /// drawing); nil while the whole window is to be drawn.
  private var changedSinceDraw: (rects: [OverlayScene.Rect], region: OpaquePointer)? {
    didSet { if let old = oldValue?.region, old != changedSinceDraw?.region { cairo_region_destroy(old) } }
  }

  /// The size the window was given and the monitor it is on.
  private struct Placement: Equatable {
    var width: Int
    var height: Int
    var monitor: [Int32]
  }
  private var placed: Placement?

  private func place(_ size: Placement, monitor: GdkRectangle) {
    placed = size
    paintedSincePlaced = false
    framePending = false
    let window = keymenu_as_window(widget)
    gtk_widget_set_size_request(widget, Int32(size.width), Int32(size.height))
    gtk_window_resize(window, Int32(size.width), Int32(size.height))
    if backend == .wayland {
      let margin = Int32(position.edgeMargin(screenHeight: Int(monitor.height)))
      gtk_layer_set_anchor(window, GTK_LAYER_SHELL_EDGE_TOP, position == .top ? 1 : 0)
      gtk_layer_set_anchor(window, GTK_LAYER_SHELL_EDGE_BOTTOM, position == .bottom ? 1 : 0)
      gtk_layer_set_margin(window, GTK_LAYER_SHELL_EDGE_TOP, position == .top ? margin : 0)
      gtk_layer_set_margin(window, GTK_LAYER_SHELL_EDGE_BOTTOM, position == .bottom ? margin : 0)
    } else {
      let x = monitor.x + max(0, (monitor.width - Int32(size.width)) / 2)
      let y = monitor.y + Int32(position.top(screenHeight: Int(monitor.height), boxHeight: size.height))
      gtk_window_move(window, x, y)
    }
  }

  /// On Wayland, has GTK draw only where `scene` differs from the one
  /// before (`only`) at the frame clock's next frame. GTK then damages just
  /// that on the surface, and the compositor composites just that: the
  /// whole panel damaged took sway's pixman renderer 0.8 ms a key.
  private func queueDraw(only: [OverlayScene.Rect], size: Placement) {
    guard !only.isEmpty else {
      onFrame?(shown)
      return
    }
    guard !poolAhead else {
      queueWholeDraw()
      return
    }
    guard let region = PanelRegion.around(only, width: size.width, height: size.height) else { return }
    gtk_widget_queue_draw_region(widget, region)
    // Nil: the whole window is still to be drawn.
    if let pending = changedSinceDraw {
      cairo_region_union(pending.region, region)
      changedSinceDraw = (pending.rects + only, pending.region)
    }
    cairo_region_destroy(region)
    if onFrame != nil { traceFrames() }
  }

  /// Draws where `scene` differs from the one before (`only`) on the
  /// mapped window now, through the panel's ``X11BackBuffer``, and flushes
  /// it to the X server; where no back buffer can be made, GTK draws the
  /// whole window at its next frame.
  private func drawNow(_ scene: OverlayScene, size: Placement, only: [OverlayScene.Rect]) {
    guard let window = gtk_widget_get_window(widget), let display = gdk_display_get_default() else { return }
    guard !only.isEmpty else {
      onFrame?(shown)
      return
    }
    guard let region = PanelRegion.around(only, width: size.width, height: size.height) else { return }
    defer { cairo_region_destroy(region) }
    let opacity = translucent ? painter.opacity : 1
    let copied = backBuffer.draw(on: window, width: size.width, height: size.height, only: region) {
      [painter] cairo, rects in
      painter.draw(scene, on: cairo, opacity: opacity, only: rects, textsIn: rects == nil ? nil : only)
    }
    guard copied else {
      gtk_widget_queue_draw(widget)
      if onFrame != nil { traceFrames() }
      return
    }
    gdk_display_flush(display)
    onFrame?(shown)
  }

  /// Draws `scene` on the mapped Wayland window now, in a buffer of the
  /// window's own (``WaylandPoolFrames``) instead of GTK's. False where
  /// that cannot be done (GTK's paint then draws the scene). When the
  /// compositor holds every buffer, the frame is drawn once it releases one.
  private func drawInPool(_ scene: OverlayScene, size: Placement) -> Bool {
    guard let window = gtk_widget_get_window(widget) else { return false }
    let outcome = poolFrames.draw(
      scene, over: onScreen, on: window, width: size.width, height: size.height,
      opacity: translucent ? painter.opacity : 1)
    switch outcome {
    case .unavailable:
      return false
    case .waiting:
      framePending = true
      return true
    case .unchanged:
      onFrame?(shown)
      return true
    case .committed:
      framePending = false
      onScreen = scene
      poolAhead = true
      onFrame?(shown)
      return true
    }
  }

  /// Gives the pool's buffers back (the overlay is quiet): the next change
  /// makes new ones and draws its whole scene in them.
  func releaseBuffers() {
    guard !framePending else { return }
    poolFrames.removeAll()
  }

  private func queueWholeDraw() {
    changedSinceDraw = nil
    gtk_widget_queue_draw(widget)
    if onFrame != nil { traceFrames() }
  }

  private func draw(on cairo: OpaquePointer) {
    // GTK draws the whole window: the back buffer may hold an older scene.
    backBuffer.drop()
    guard let scene else { return }
    // GTK clips the drawing to what was invalidated: the elements outside
    // are left out, and texts are drawn only where they changed when only
    // changes were invalidated (as ``drawNow(_:size:only:)`` does).
    let clip = PanelRegion.clipRects(of: cairo)
    let texts = clip.flatMap { clip in
      changedSinceDraw.flatMap { pending in
        clip.allSatisfy { PanelRegion.region(pending.region, contains: $0) } ? pending.rects : nil
      }
    }
    painter.draw(scene, on: cairo, opacity: translucent ? painter.opacity : 1, only: clip, textsIn: texts)
    drawnSinceFrame = shown
    changedSinceDraw = cairo_region_create().map { ([], $0) }
    onScreen = scene
    paintedSincePlaced = true
    let size = (gtk_widget_get_allocated_width(widget), gtk_widget_get_allocated_height(widget))
    if poolAhead, let clip, !PanelRegion.covers(clip, width: size.0, height: size.1) {
      // Only part of GTK's buffer was painted, and the rest is from before
      // the pool's frames: the next frame paints it whole.
      queueWholeDraw()
    } else {
      poolAhead = false
    }
  }

  /// Where the window cannot be translucent (X11 without a compositor),
  /// its shape (the X Shape extension) is the panel's, so that the screen
  /// shows through outside the rounded corners; elsewhere the corners are
  /// transparent pixels.
  private func shape(_ scene: OverlayScene) {
    let shape =
      translucent
      ? nil : Shape(width: scene.size.width, height: scene.size.height, radius: scene.cornerRadius)
    // A shape is set once per size: making the region costs a mask's worth of drawing.
    guard shape != shapeSet || !shaped else { return }
    shapeSet = shape
    shaped = true
    guard shape != nil else {
      gtk_widget_shape_combine_region(widget, nil)
      return
    }
    let region = PanelShape.region(of: scene, painter: painter)
    gtk_widget_shape_combine_region(widget, region)
    cairo_region_destroy(region)
  }

  /// An RGBA visual where the screen is composited, the default one
  /// otherwise; before the window is realized.
  private func chooseVisual() {
    let screen = gtk_widget_get_screen(widget)
    let rgba = gdk_screen_is_composited(screen) != 0 ? gdk_screen_get_rgba_visual(screen) : nil
    translucent = rgba != nil
    gtk_widget_set_visual(widget, rgba ?? gdk_screen_get_system_visual(screen))
  }

  private func compositingChanged() {
    guard backend == .x11 else { return }
    // A window's visual is fixed once it exists: make it again with the new one.
    gtk_widget_hide(widget)
    gtk_widget_unrealize(widget)
    tracedClock = nil
    backBuffer.drop()
    shaped = false
    placed = nil
    chooseVisual()
    if let scene { show(scene) }
  }

  /// Follows the "after-paint" of the window's frame clock (made anew when
  /// the window is), reporting the frames that drew a scene.
  private func traceFrames() {
    guard let clock = gtk_widget_get_frame_clock(widget), clock != tracedClock else { return }
    tracedClock = clock
    _ = keymenu_connect_instance_signal(
      UnsafeMutableRawPointer(clock), "after-paint",
      { _, data in
        guard let data else { return }
        Unmanaged<OverlayWindow>.fromOpaque(data).takeUnretainedValue().framePainted()
      }, Unmanaged.passUnretained(self).toOpaque())
  }

  private func framePainted() {
    guard let number = drawnSinceFrame else { return }
    drawnSinceFrame = nil
    // GDK's own after-paint handler ran first (it was connected when the
    // window was made): on Wayland it committed the surface; on X11 the
    // drawing is in Xlib's buffer until this flush.
    if let display = gdk_display_get_default() { gdk_display_flush(display) }
    onFrame?(number)
  }

  private func monitorGeometry() -> GdkRectangle {
    var rect = GdkRectangle(x: 0, y: 0, width: 1280, height: 720)
    guard let display = gdk_display_get_default() else { return rect }
    // Where the compositor chose (Wayland, no monitor set), the monitor the
    // surface entered once it is mapped.
    let entered =
      monitor == nil && gtk_widget_get_mapped(widget) != 0
      ? gtk_widget_get_window(widget).flatMap { gdk_display_get_monitor_at_window(display, $0) } : nil
    if let chosen = monitor?.gdkMonitor ?? entered ?? gdk_display_get_primary_monitor(display)
      ?? gdk_display_get_monitor(display, 0)
    {
      gdk_monitor_get_geometry(chosen, &rect)
    }
    return rect
  }
}
