import CGtkOverlay

/// The display's monitors as GDK reports them, which one has the focus
/// on X11, and a call when monitors come or go.
///
/// A C-boundary file: every GDK monitor call of the overlay is here.
final class OverlayMonitors {
  private let display: OpaquePointer
  private let backend: OverlayBackend
  private var changedHandler: gulong = 0
  /// Called when a monitor is plugged, unplugged or changes size.
  var onChange: (() -> Void)?

  init?(backend: OverlayBackend) {
    guard let display = gdk_display_get_default() else { return nil }
    self.display = display
    self.backend = backend
    changedHandler = keymenu_connect_instance_signal(
      UnsafeMutableRawPointer(gdk_display_get_default_screen(display)), "monitors-changed",
      { _, data in
        guard let data else { return }
        Unmanaged<OverlayMonitors>.fromOpaque(data).takeUnretainedValue().onChange?()
      }, Unmanaged.passUnretained(self).toOpaque())
  }

  deinit {
    g_signal_handler_disconnect(
      UnsafeMutableRawPointer(gdk_display_get_default_screen(display)), changedHandler)
  }

  /// Every monitor, in GDK's order: its name and geometry.
  var all: [OverlayOutput.Monitor] {
    (0..<max(0, gdk_display_get_n_monitors(display))).compactMap { index in
      guard let monitor = gdk_display_get_monitor(display, index) else { return nil }
      var rect = GdkRectangle()
      gdk_monitor_get_geometry(monitor, &rect)
      var name: String?
      if let plug = keymenu_monitor_plug_name(display, index) {
        name = String(cString: plug)
        g_free(plug)
      }
      return OverlayOutput.Monitor(
        name: name, x: Int(rect.x), y: Int(rect.y), width: Int(rect.width), height: Int(rect.height))
    }
  }

  /// One of GDK's monitors, for ``OverlayWindow/monitor``: the controller
  /// hands it on without seeing the C type.
  struct Handle: Equatable {
    let gdkMonitor: OpaquePointer
  }

  /// GDK's monitor at `index`.
  func monitor(at index: Int) -> Handle? {
    guard index < gdk_display_get_n_monitors(display) else { return nil }
    return gdk_display_get_monitor(display, Int32(index)).map(Handle.init)
  }

  /// On X11 the index of the monitor with the active window, else of the
  /// one with the pointer, else of the primary one; nil on Wayland, where
  /// a client cannot tell (the compositor chooses).
  var focusedIndex: Int? {
    guard backend == .x11 else { return nil }
    var focused = keymenu_active_window_monitor(display)
    if focused == nil, let seat = gdk_display_get_default_seat(display),
      let pointer = gdk_seat_get_pointer(seat)
    {
      var x: Int32 = 0
      var y: Int32 = 0
      gdk_device_get_position(pointer, nil, &x, &y)
      focused = gdk_display_get_monitor_at_point(display, x, y)
    }
    guard let monitor = focused ?? gdk_display_get_primary_monitor(display) else { return nil }
    return (0..<Int(gdk_display_get_n_monitors(display))).first {
      gdk_display_get_monitor(display, Int32($0)) == monitor
    }
  }
}
