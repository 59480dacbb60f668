import GaugePlugin
import InfoBoxPlugin
import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol
import Testing
import TextBoxPlugin

/// A key event by kernel code.
func key(_ code: KeyCode, _ action: KeyAction = .down) -> KeyEvent {
  KeyEvent(
    code: code, name: "KEY_\(code.rawValue)", action: action, modifiers: [], device: DeviceID(1), time: .zero)
}

/// The key rules of the gauge, text box and info box machines.
@Suite struct DialogMachineTests {
  @Test func aGaugeMovesByItsClientAndLetsKeysPass() {
    var gauge = GaugeMachine(percent: 150, message: "Copying")
    #expect(gauge.percent == 100)
    #expect(gauge.update(percent: 40, message: nil).changed)
    #expect(!gauge.update(percent: 40, message: "Copying").changed)
    #expect(gauge.update(percent: -3, message: "Done soon").changed)
    #expect(gauge.percent == 0 && gauge.message == "Done soon")
    #expect(!gauge.respond(to: key(.escape)).consumed)
    #expect(!gauge.respond(to: key(.enter)).consumed)
    let picture = gauge.snapshot(id: "gauge-1", title: "Install")
    #expect(picture.percent == 0 && picture.buttons.isEmpty && picture.cancel == nil)
  }

  @Test func aCancellableGaugeEndsWithEscapeAndTakesItsRelease() {
    var gauge = GaugeMachine(cancellable: true)
    #expect(!gauge.respond(to: key(.down)).consumed)
    let step = gauge.respond(to: key(.back))
    #expect(step.consumed && step.answer == .cancelled(reason: "escape"))
    #expect(gauge.respond(to: key(.back, .up)).consumed)
    #expect(gauge.snapshot(id: "g", title: "t").buttons == ["Cancel"])
  }

  static let pageUp = KeyCode(104)
  static let pageDown = KeyCode(109)
  static let home = KeyCode(102)
  static let end = KeyCode(107)

  @Test func aTextBoxScrollsByLineAndPageWithinItsText() {
    var box = TextBoxMachine(text: (1...25).map { "line \($0)" }.joined(separator: "\n"), pageLines: 10)
    #expect(box.lines.count == 25 && box.lastTop == 15)
    #expect(!box.respond(to: key(.up)).changed)
    #expect(box.respond(to: key(.down)).changed && box.top == 1)
    _ = box.respond(to: key(Self.pageDown))
    #expect(box.top == 11)
    _ = box.respond(to: key(Self.pageDown))
    #expect(box.top == 15)
    _ = box.respond(to: key(Self.pageUp))
    #expect(box.top == 5)
    _ = box.respond(to: key(Self.end))
    #expect(box.top == 15)
    _ = box.respond(to: key(Self.home))
    #expect(box.top == 0)
    // A held Down repeats; its release is the box's.
    _ = box.respond(to: key(.down))
    _ = box.respond(to: key(.down, .repeat))
    #expect(box.top == 2)
    #expect(box.respond(to: key(.down, .up)).consumed)
    #expect(!box.respond(to: key(.left)).consumed)
    let picture = box.snapshot(id: "textbox-1", title: "Licence", button: "OK")
    #expect(picture.page == .init(lines: (3...25).map { "line \($0)" }, first: 2, total: 25))
    #expect(picture.buttons == ["OK"] && picture.focusedButton == 0)
  }

  @Test func aTextBoxClosesWithEnterOrOKAndEscapesWithEscOrBack() {
    var box = TextBoxMachine(text: "short")
    #expect(box.respond(to: key(.ok)).answer == .closed(reason: "key"))
    #expect(box.respond(to: key(.down)).consumed == false)
    box = TextBoxMachine(text: "short")
    #expect(box.respond(to: key(.exit)).answer == .cancelled(reason: "escape"))
  }

  /// whiptail's `--scrolltext` (issue 29): the text has the focus first,
  /// where Enter, Space and End do nothing and Page Down scrolls; Tab to the
  /// button, where Enter closes; Tab back; F12 closes from the text.
  @Test func aTextFocusedFirstTakesEnterOnlyOnceTabReachesTheButton() {
    let text = (1...30).map { "line \($0)" }.joined(separator: "\n")
    var box = TextBoxMachine(text: text, pageLines: 6, textFocused: true)
    for code in [KeyCode.enter, DialogKeys.space, DialogKeys.end] {
      let step = box.respond(to: key(code))
      #expect(step.consumed && step.answer == nil)
      _ = box.respond(to: key(code, .up))
    }
    #expect(box.top == 0 && box.snapshot(id: "t", title: "t", button: "Ok").focusedButton == nil)
    _ = box.respond(to: key(DialogKeys.pageDown))
    #expect(box.top == 6)
    _ = box.respond(to: key(DialogKeys.tab))
    _ = box.respond(to: key(DialogKeys.tab, .up))
    #expect(!box.textFocused && box.snapshot(id: "t", title: "t", button: "Ok").focusedButton == 0)
    _ = box.respond(to: key(DialogKeys.tab))
    _ = box.respond(to: key(DialogKeys.tab, .up))
    #expect(box.textFocused, "Tab again: back to the text")
    #expect(box.respond(to: key(DialogKeys.f12)).answer == .closed(reason: "key"))
    var onButton = TextBoxMachine(text: text, textFocused: true)
    _ = onButton.respond(to: key(DialogKeys.tab))
    _ = onButton.respond(to: key(DialogKeys.tab, .up))
    #expect(onButton.respond(to: key(.enter)).answer == .closed(reason: "key"))
    var plain = TextBoxMachine(text: text)
    #expect(plain.respond(to: key(DialogKeys.tab)).consumed == false, "without it, Tab is not the box's")
  }

  @Test func aLongTextIsSentAsAWindow() {
    var box = TextBoxMachine(text: (1...1000).map(String.init).joined(separator: "\n"))
    _ = box.respond(to: key(Self.end))
    let page = box.snapshot(id: "t", title: "t", button: "OK").page
    #expect(page?.first == 990 && page?.lines.count == 10 && page?.total == 1000)
    _ = box.respond(to: key(Self.home))
    #expect(box.snapshot(id: "t", title: "t", button: "OK").page?.lines.count == TextBoxMachine.window)
  }

  @Test func anInfoBoxLetsEveryKeyPass() {
    var box = InfoBoxMachine()
    for code in [KeyCode.escape, .enter, .down] { #expect(!box.respond(to: key(code)).consumed) }
    #expect(InfoBoxMachine.snapshot(id: "infobox-1", title: "Working", message: nil).buttons.isEmpty)
  }
}
