import AlertsPlugin
import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol
import Testing

/// Issue 28, finding 9: a message taller than the screen (8,000 lines) left
/// its end unreadable. It scrolls as a text box does; the buttons stay.
@Suite struct AlertScrollTests {
  static func press(_ code: UInt16, _ action: KeyAction = .down) -> KeyEvent {
    KeyEvent(
      code: KeyCode(code), name: "KEY_\(code)", action: action, modifiers: [], device: DeviceID(1),
      time: .zero)
  }
  static let up = press(103)
  static let down = press(108)
  static let pageUp = press(104)
  static let pageDown = press(109)
  static let home = press(102)
  static let end = press(107)

  let long = Alert(
    title: "Licence", message: (1...30).map { "line \($0)" }.joined(separator: "\n"), buttons: ["No", "Yes"])

  @Test func upDownPagesHomeAndEndScrollALongMessage() {
    var machine = AlertMachine(long)
    #expect(machine.messageLines == 30)
    #expect(machine.handle(Self.down).effects == [.scrolled(1)])
    #expect(machine.handle(Self.pageDown).effects == [.scrolled(11)])
    #expect(machine.handle(Self.end).effects == [.scrolled(20)])
    // At the end: still the alert's key, nothing moves.
    #expect(machine.handle(Self.down) == (true, []))
    #expect(machine.handle(Self.pageUp).effects == [.scrolled(10)])
    #expect(machine.handle(Self.up).effects == [.scrolled(9)])
    #expect(machine.handle(Self.home).effects == [.scrolled(0)])
    #expect(machine.handle(Self.up) == (true, []))
    #expect(machine.snapshot(id: "a").firstLine == 0)
    // Held Down repeats.
    _ = machine.handle(Self.down)
    #expect(machine.handle(Self.press(108, .repeat)).effects == [.scrolled(2)])
    #expect(machine.snapshot(id: "a").firstLine == 2)
    #expect(machine.answer == nil)
  }

  @Test func aOneLineMessageLetsTheArrowsPassAsBefore() {
    var machine = AlertMachine(Alert(title: "Sure?", message: "Really.", buttons: ["No", "Yes"]))
    #expect(machine.handle(Self.down).consumed == false)
    #expect(machine.handle(Self.end).consumed == false)
    var bare = AlertMachine(Alert(title: "Sure?", buttons: ["No", "Yes"]))
    #expect(bare.handle(Self.up).consumed == false)
  }

  @Test func theRendererStartsAtTheFirstLineUnderARowSayingWhatIsAbove() {
    let renderer = ModalTextRenderer(width: 60, height: 14)
    var machine = AlertMachine(long)
    _ = machine.handle(Self.pageDown)
    let lines = renderer.render(ModalSnapshot(stack: [machine.snapshot(id: "alert-1")]))
    let text = lines.map(\.text)
    #expect(lines.count <= 14)
    #expect(text.contains { $0.contains("↑ 10 lines above") })
    #expect(text.contains { $0.contains("line 11 ") || $0.hasSuffix("line 11") || $0.contains("line 11│") })
    #expect(!text.contains { $0.contains("line 10 ") })
    #expect(text.contains { $0.contains("more lines") })
    #expect(text.contains { $0.contains("Yes") })
  }
}
