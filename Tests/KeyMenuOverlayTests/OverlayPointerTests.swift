import KeyMenuPluginAPI
import KeyMenuProtocol
import Testing

@testable import KeyMenuOverlay

/// How presses, releases and scrolls on the panel become taps and scrolls
/// (``OverlayPointer``), on the scene of a real menu.
@Suite struct OverlayPointerTests {
  let scene = OverlayPainter().scene(for: OverlaySamples.sections, on: (1920, 1080))!

  func centre(of action: OverlayScene.Target.Action) -> (x: Double, y: Double) {
    let frame = scene.targets.first { $0.action == action }!.frame
    return (frame.x + frame.width / 2, frame.y + frame.height / 2)
  }

  @Test func aPressAndReleaseOnAnItemTapsIt() {
    var pointer = OverlayPointer()
    let reboot = centre(of: .item(3))
    pointer.press(x: reboot.x, y: reboot.y, on: scene)
    #expect(pointer.release(x: reboot.x + 3, y: reboot.y + 2, on: scene) == .tap(.item(3)))
    // A release with no press, or outside every target, taps nothing.
    #expect(pointer.release(x: reboot.x, y: reboot.y, on: scene) == nil)
    pointer.press(x: 2, y: 2, on: scene)
    #expect(pointer.release(x: 2, y: 2, on: scene) == nil)
  }

  @Test func movingOffTheItemBeforeTheReleaseTapsNothing() {
    var pointer = OverlayPointer()
    let suspend = centre(of: .item(0))
    pointer.press(x: suspend.x, y: suspend.y, on: scene)
    #expect(pointer.release(x: suspend.x + 200, y: suspend.y, on: scene) == nil)
  }

  /// Dragged up three rows: the list moves three rows on (a swipe).
  @Test func aSwipeScrollsByTheRowsItCrossed() {
    var pointer = OverlayPointer()
    let row = 1.6 * scene.bodyPixelSize
    let start = centre(of: .item(4))
    pointer.press(x: start.x, y: start.y, on: scene)
    #expect(pointer.release(x: start.x, y: start.y - 3 * row, on: scene) == .scroll(3))
    pointer.press(x: start.x, y: start.y - 3 * row, on: scene)
    #expect(pointer.release(x: start.x, y: start.y - row, on: scene) == .scroll(-2))
  }

  /// A wheel's notch reported as a notch and as a smooth delta of the same
  /// time counts once; a touchpad's smooth deltas add up to whole rows.
  @Test func aNotchCountsOnceAndSmoothDeltasAddUp() {
    var pointer = OverlayPointer()
    #expect(pointer.scroll(by: 1, discrete: true, time: 80) == .scroll(1))
    #expect(pointer.scroll(by: 1.5, discrete: false, time: 80) == nil)
    #expect(pointer.scroll(by: -1, discrete: true, time: 90) == .scroll(-1))
    #expect(pointer.scroll(by: 0.4, discrete: false, time: 100) == nil)
    #expect(pointer.scroll(by: 0.4, discrete: false, time: 110) == nil)
    #expect(pointer.scroll(by: 0.4, discrete: false, time: 120) == .scroll(1))
  }
}
