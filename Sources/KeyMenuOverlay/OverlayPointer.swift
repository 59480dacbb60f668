/// Turns the pointer's presses, releases and wheel turns on the panel into
/// what they ask of the modal in front (`modal.tap`): a press and release
/// on the same item or button taps it; a press dragged up or down a row or
/// more (a swipe on a touch screen, which GTK delivers as a dragged
/// button) scrolls by the rows it crossed; wheel notches and smooth-scroll
/// deltas scroll a row per notch.
///
/// Pure: the window feeds it positions in the scene's pixels.
struct OverlayPointer {
  /// What a gesture asks.
  enum Gesture: Hashable {
    case tap(OverlayScene.Target.Action)
    /// Rows to move, negative up.
    case scroll(Int)
  }

  private var pressed: (x: Double, y: Double, target: OverlayScene.Target.Action?)?
  /// Smooth-scroll delta not yet a whole row.
  private var pendingScroll = 0.0
  /// The time and kind (a notch, or smooth) of the last scroll event taken.
  private var lastScroll: (time: UInt32, discrete: Bool)?

  /// The button went down at `x`, `y` on `scene`.
  mutating func press(x: Double, y: Double, on scene: OverlayScene) {
    pressed = (x, y, Self.target(x: x, y: y, on: scene))
  }

  /// The button came up at `x`, `y`: a tap when it went down on the same
  /// target and barely moved, a scroll when it was dragged a row or more.
  mutating func release(x: Double, y: Double, on scene: OverlayScene) -> Gesture? {
    guard let down = pressed else { return nil }
    pressed = nil
    let row = 1.6 * scene.bodyPixelSize
    let dy = y - down.y
    if abs(dy) >= 0.75 * row {
      // Dragged up: the list moves up, showing what is below.
      let rows = Int((-dy / row).rounded())
      return rows == 0 ? nil : .scroll(rows)
    }
    guard abs(x - down.x) < 0.5 * row, let target = down.target,
      Self.target(x: x, y: y, on: scene) == target
    else { return nil }
    return .tap(target)
  }

  /// A wheel or touchpad scroll of `delta` rows at `time` (a notch,
  /// `discrete`, is 1; smooth scrolling gives fractions): the whole rows
  /// reached so far, if any. GTK reports a wheel's notch twice, as a notch
  /// and as a smooth delta of the same time (1.5 rows on Wayland, 1 on
  /// X11, one of them marked emulated): the first of the two is taken, the
  /// other of the same time ignored.
  mutating func scroll(by delta: Double, discrete: Bool, time: UInt32) -> Gesture? {
    if let last = lastScroll, last.time == time, last.discrete != discrete { return nil }
    lastScroll = (time, discrete)
    pendingScroll += delta
    let rows = pendingScroll.rounded(.towardZero)
    guard rows != 0 else { return nil }
    pendingScroll -= rows
    return .scroll(Int(rows))
  }

  /// Forgets a press under way (the scene changed under it).
  mutating func reset() {
    pressed = nil
    pendingScroll = 0
    lastScroll = nil
  }

  static func target(x: Double, y: Double, on scene: OverlayScene) -> OverlayScene.Target.Action? {
    scene.targets.first { $0.frame.contains(x: x, y: y) }?.action
  }
}
