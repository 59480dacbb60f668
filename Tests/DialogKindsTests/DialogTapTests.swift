import GaugePlugin
import InfoBoxPlugin
import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol
import Testing
import TextBoxPlugin

/// Taps (`modal.tap`) on a text box, a gauge and an info box, as their
/// dialog kinds hand them to the machines.
@Suite struct DialogTapTests {
  @Test func aTextBoxScrollsByTheRowsTappedWithinItsText() {
    var box = TextBoxMachine(text: (1...25).map { "line \($0)" }.joined(separator: "\n"), pageLines: 10)
    var step = box.respond(toTap: .scroll(3))
    #expect(step.consumed && step.changed && step.answer == nil && box.top == 3)
    _ = box.respond(toTap: .scroll(-10))
    #expect(box.top == 0)
    step = box.respond(toTap: .scroll(-1))
    #expect(step.consumed && !step.changed, "nothing above the first line")
    _ = box.respond(toTap: .scroll(100))
    #expect(box.top == box.lastTop)
  }

  @Test func aTextBoxsButtonClosesItAsEnterDoesEvenWithTheTextFocused() {
    var box = TextBoxMachine(text: "short")
    #expect(box.respond(toTap: .button(0)).answer == .closed(reason: DialogEndResult.key))
    #expect(!box.respond(toTap: .scroll(1)).consumed, "a closed box takes no tap")
    var scrolling = TextBoxMachine(text: "short", textFocused: true)
    #expect(scrolling.respond(toTap: .button(0)).answer == .closed(reason: DialogEndResult.key))
    var other = TextBoxMachine(text: "short")
    for target in [ModalTap.Target.button(1), .item(0)] {
      #expect(!other.respond(toTap: target).consumed, "\(target)")
    }
  }

  @Test func gaugesAndInfoBoxesTakeNoTaps() {
    var gauge = GaugeMachine(percent: 30)
    var box = InfoBoxMachine()
    for target in [ModalTap.Target.button(0), .item(0), .scroll(1)] {
      #expect(!gauge.respond(toTap: target).consumed, "\(target)")
      #expect(!box.respond(toTap: target).consumed, "\(target)")
    }
    #expect(gauge.percent == 30)
    // A cancellable gauge's Cancel button ends it as Esc does; nothing else.
    var cancellable = GaugeMachine(percent: 30, cancellable: true)
    #expect(!cancellable.respond(toTap: .button(1)).consumed)
    #expect(!cancellable.respond(toTap: .item(0)).consumed)
    #expect(
      cancellable.respond(toTap: .button(0)).answer == .cancelled(reason: DialogEndResult.escape))
  }
}
