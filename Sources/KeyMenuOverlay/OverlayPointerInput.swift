import CGtkOverlay
import Glibc

/// The panel window's pointer input: GTK's button and scroll events on the
/// window, turned into gestures by ``OverlayPointer``, and the input shape
/// that lets clicks through to what is under the panel unless it takes
/// them. ``OverlayWindow`` owns one for its widget and tells it the scene
/// on the window.
///
/// A C-boundary file: the GDK events and the input shape are here.
final class OverlayPointerInput {
  private let widget: UnsafeMutablePointer<GtkWidget>
  private var pointer = OverlayPointer()

  /// The scene on the window, which taps and scrolls are on; a new modal
  /// forgets a press begun on the last one.
  var scene: OverlayScene? {
    didSet { if scene?.modalID != oldValue?.modalID { pointer.reset() } }
  }

  /// Whether the panel takes clicks and taps (the connection may call
  /// `modal.tap`); otherwise they pass through to what is under it.
  var takesPointer = false {
    didSet { if takesPointer != oldValue, scene != nil { applyInputShape() } }
  }

  /// Called with each tap or scroll on the panel and the id of the modal
  /// it was on.
  var onGesture: ((OverlayPointer.Gesture, String) -> Void)?

  /// Listens to `widget`'s button and scroll events; the widget must not
  /// outlive this object (its owner destroys it first).
  init(widget: UnsafeMutablePointer<GtkWidget>) {
    self.widget = widget
    gtk_widget_add_events(
      widget,
      Int32(
        GDK_BUTTON_PRESS_MASK.rawValue | GDK_BUTTON_RELEASE_MASK.rawValue | GDK_SCROLL_MASK.rawValue
          | GDK_SMOOTH_SCROLL_MASK.rawValue))
    let me = Unmanaged.passUnretained(self).toOpaque()
    // One handler for both, told apart by the event's type.
    for signal in ["button-press-event", "button-release-event"] {
      _ = keymenu_connect_button(
        widget, signal,
        { _, event, data in
          guard let event, let data else { return 0 }
          Unmanaged<OverlayPointerInput>.fromOpaque(data).takeUnretainedValue().button(event)
          return 1
        }, me)
    }
    _ = keymenu_connect_scroll(
      widget,
      { _, event, data in
        guard let event, let data else { return 0 }
        Unmanaged<OverlayPointerInput>.fromOpaque(data).takeUnretainedValue().scrolled(event)
        return 1
      }, me)
  }

  /// The whole panel takes the pointer when ``takesPointer``; otherwise an
  /// empty input region lets clicks through to what is under it.
  func applyInputShape() {
    if takesPointer {
      gtk_widget_input_shape_combine_region(widget, nil)
    } else {
      let empty = cairo_region_create()
      gtk_widget_input_shape_combine_region(widget, empty)
      cairo_region_destroy(empty)
    }
  }

  private func button(_ event: UnsafeMutablePointer<GdkEventButton>) {
    if event.pointee.type == GDK_BUTTON_RELEASE { buttonReleased(event) } else { buttonPressed(event) }
  }

  private func buttonPressed(_ event: UnsafeMutablePointer<GdkEventButton>) {
    guard let scene, event.pointee.button == 1 else { return }
    pointer.press(x: event.pointee.x, y: event.pointee.y, on: scene)
  }

  private func buttonReleased(_ event: UnsafeMutablePointer<GdkEventButton>) {
    guard let scene, event.pointee.button == 1,
      let gesture = pointer.release(x: event.pointee.x, y: event.pointee.y, on: scene)
    else { return }
    onGesture?(gesture, scene.modalID)
  }

  private func scrolled(_ event: UnsafeMutablePointer<GdkEventScroll>) {
    guard let scene else { return }
    let delta: Double
    switch event.pointee.direction {
    case GDK_SCROLL_UP: delta = -1
    case GDK_SCROLL_DOWN: delta = 1
    case GDK_SCROLL_SMOOTH: delta = event.pointee.delta_y
    default: return
    }
    let discrete = event.pointee.direction != GDK_SCROLL_SMOOTH
    if let gesture = pointer.scroll(by: delta, discrete: discrete, time: event.pointee.time) {
      onGesture?(gesture, scene.modalID)
    }
  }
}
