import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol
import ListsPlugin
import Testing

/// Taps on a list (`modal.tap`), as its dialog kind hands them to the
/// machine: a choice is highlighted and checked, marked or picked, a
/// button pressed, a scroll moves the highlight; what the list does not
/// have is not consumed.
@Suite struct ChoiceListTapTests {
  typealias Step = DialogStep<ChoiceListMachine.Answer>

  static func list(
    _ mode: ChoiceListMachine.Mode, count: Int = 3, cancelButton: Bool = true, keys: KeyProfile = .keymenu
  ) -> ChoiceListMachine {
    ChoiceListMachine(
      mode: mode, marks: Array(repeating: false, count: count), cancelButton: cancelButton, keys: keys)
  }

  @Test func aChecklistTapHighlightsAndTogglesAndOKAnswersTheMarks() {
    var list = Self.list(.check)
    _ = list.handle(key("RIGHT"))
    _ = list.handle(key("RIGHT", .up))
    #expect(list.focus == .button(0))
    var step = list.respond(toTap: .item(2))
    #expect(step.consumed && step.changed && step.answer == nil)
    #expect(list.highlight == 2 && list.focus == .list && list.marked == [2])
    _ = list.respond(toTap: .item(0))
    _ = list.respond(toTap: .item(1))
    _ = list.respond(toTap: .item(1))
    #expect(list.marked == [0, 2], "a second tap unchecks")
    #expect(list.highlight == 1)
    step = list.respond(toTap: .button(0))
    #expect(step.consumed && step.answer == .confirmed([0, 2]))
    #expect(!list.respond(toTap: .item(0)).consumed, "an ended list takes no tap")
  }

  @Test func aRadiolistTapMarksTheOneChoiceAsSpaceWould() {
    var list = Self.list(.radio)
    _ = list.respond(toTap: .item(1))
    #expect(list.marked == [1])
    _ = list.respond(toTap: .item(2))
    #expect(list.marked == [2])
    let again = list.respond(toTap: .item(2))
    #expect(again.consumed && !again.changed && list.marked == [2], "a marked item stays marked")
    #expect(list.respond(toTap: .button(0)).answer == .confirmed([2]))
  }

  @Test func aPicklistTapChoosesAtOnce() {
    var list = Self.list(.pick)
    let step = list.respond(toTap: .item(2))
    #expect(step.consumed && step.answer == .confirmed([2]))
    #expect(list.highlight == 2 && list.isFinished)
    var other = Self.list(.pick)
    _ = other.respond(toTap: .scroll(1))
    #expect(other.respond(toTap: .button(0)).answer == .confirmed([1]), "OK picks the highlighted item")
  }

  @Test func cancelsTapCancelsAndWhatTheListLacksIsNotConsumed() {
    var list = Self.list(.check)
    _ = list.respond(toTap: .item(0))
    #expect(list.respond(toTap: .button(1)).answer == .cancelled(.cancel))
    var lone = Self.list(.check, cancelButton: false)
    for target in [ModalTap.Target.button(1), .button(-1), .item(3), .item(-1)] {
      let step = lone.respond(toTap: target)
      #expect(!step.consumed && !step.changed && step.answer == nil, "\(target)")
    }
    #expect(lone.marked.isEmpty && lone.highlight == 0 && !lone.isFinished)
  }

  @Test func aScrollMovesTheHighlightByItsRowsWithoutWrapping() {
    var list = Self.list(.check, count: 12)
    _ = list.handle(key("RIGHT"))
    var step = list.respond(toTap: .scroll(3))
    #expect(step.consumed && step.changed && list.highlight == 3 && list.focus == .list)
    _ = list.respond(toTap: .scroll(-10))
    #expect(list.highlight == 0)
    step = list.respond(toTap: .scroll(-1))
    #expect(step.consumed && !step.changed && list.highlight == 0, "no wrapping to the end")
    _ = list.respond(toTap: .scroll(100))
    #expect(list.highlight == 11)
    #expect(list.marked.isEmpty, "a scroll marks nothing")
  }

  /// Under the `dialog` keys a button stays selected (dialog always has
  /// one), and the page follows the highlight as dialog scrolls it.
  @Test func underDialogsKeysTheSelectedButtonStays() {
    var list = Self.list(.check, count: 12, keys: .dialog)
    _ = list.handle(key("TAB"))
    #expect(list.focus == .button(1))
    _ = list.respond(toTap: .item(7))
    #expect(list.marked == [7] && list.highlight == 7 && list.focus == .button(1))
    #expect(list.top == 3, "the page scrolled as little as shows it")
    _ = list.respond(toTap: .scroll(-7))
    #expect(list.highlight == 0 && list.top == 0)
    #expect(list.respond(toTap: .button(0)).answer == .confirmed([7]))
    var whiptail = Self.list(.radio, keys: .whiptail)
    _ = whiptail.respond(toTap: .item(1))
    #expect(whiptail.respond(toTap: .button(0)).answer == .confirmed([1]))
  }
}
