import Testing

@testable import KeyMenuOverlay

/// Which outputs `--output` puts the panel on (``OverlayOutput``).
@Suite struct OverlayOutputTests {
  let monitors = [
    OverlayOutput.Monitor(name: "HDMI-A-1", x: 0, y: 0, width: 1920, height: 1080),
    OverlayOutput.Monitor(name: "DP-2", x: 1920, y: 0, width: 3840, height: 2160),
    OverlayOutput.Monitor(name: nil, x: 5760, y: 0, width: 1280, height: 720),
  ]

  @Test func theArgumentIsFocusedAllOrAPrintableName() {
    #expect(OverlayOutput(argument: "focused") == .focused)
    #expect(OverlayOutput(argument: "all") == .all)
    #expect(OverlayOutput(argument: "HDMI-A-1") == .named("HDMI-A-1"))
    for bad in ["", "a b", "tab\there", "esc\u{1B}[2J", String(repeating: "x", count: 65)] {
      #expect(OverlayOutput(argument: bad) == nil, "\(bad.debugDescription)")
    }
  }

  @Test func aNameChoosesItsMonitorAndAMissingOneTheFocusedOutput() {
    #expect(
      OverlayOutput.named("DP-2").placement(among: monitors, focused: 0, compositorChooses: false)
        == .monitors([1]))
    #expect(
      OverlayOutput.named("DP-2").placement(among: monitors, focused: nil, compositorChooses: true)
        == .monitors([1]))
    #expect(!OverlayOutput.named("DP-2").isMissing(among: monitors))
    // Unplugged: the panel goes where focused would put it, and that is reported.
    #expect(OverlayOutput.named("DP-3").isMissing(among: monitors))
    #expect(
      OverlayOutput.named("DP-3").placement(among: monitors, focused: 2, compositorChooses: false)
        == .monitors([2]))
    #expect(
      OverlayOutput.named("DP-3").placement(among: monitors, focused: nil, compositorChooses: true)
        == .compositorChooses)
  }

  @Test func focusedIsTheCompositorsChoiceOnWaylandAndTheFocusedMonitorOnX11() {
    #expect(
      OverlayOutput.focused.placement(among: monitors, focused: 1, compositorChooses: true)
        == .compositorChooses)
    #expect(
      OverlayOutput.focused.placement(among: monitors, focused: 1, compositorChooses: false) == .monitors([1])
    )
    // Nothing known to be focused (or an index that is gone): the first monitor.
    #expect(
      OverlayOutput.focused.placement(among: monitors, focused: nil, compositorChooses: false)
        == .monitors([0]))
    #expect(
      OverlayOutput.focused.placement(among: monitors, focused: 7, compositorChooses: false) == .monitors([0])
    )
    #expect(!OverlayOutput.focused.isMissing(among: []))
  }

  @Test func allIsEveryMonitorEvenUnnamedOnes() {
    #expect(
      OverlayOutput.all.placement(among: monitors, focused: 0, compositorChooses: true)
        == .monitors([0, 1, 2]))
    #expect(
      OverlayOutput.all.placement(among: [], focused: nil, compositorChooses: true) == .compositorChooses)
    #expect(OverlayOutput.all.placement(among: [], focused: nil, compositorChooses: false) == .monitors([0]))
  }
}
