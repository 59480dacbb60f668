import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol
import PromptPlugin
import Testing

/// Taps on a prompt (`modal.tap`), as its dialog kind hands them to the
/// machine: a button is pressed as Enter on it would press it; the field,
/// the on-screen keyboard and scrolls take none.
@Suite struct PromptTapTests {
  @Test func oksTapAnswersTheTextTypedWhereverTheFocusIs() {
    var prompt = PromptMachine(initial: "Ad")
    _ = prompt.handle(key("A"))
    _ = prompt.handle(key("A", .up))
    let step = prompt.respond(toTap: .button(0))
    #expect(step.consumed && step.answer == .text("Ada"))
    #expect(prompt.isFinished)
    #expect(!prompt.respond(toTap: .button(1)).consumed, "an ended prompt takes no tap")
  }

  @Test func cancelsTapCancelsWithReasonCancelNotEscape() {
    var prompt = PromptMachine(initial: "secret", masked: true)
    #expect(prompt.respond(toTap: .button(1)).answer == .cancelled(reason: PromptShowResult.cancel))
    var dialog = PromptMachine(initial: "x", keys: .dialog)
    #expect(dialog.respond(toTap: .button(1)).answer == .cancelled(reason: PromptShowResult.cancel))
  }

  @Test func itemsScrollsAndMissingButtonsAreNotConsumed() {
    var prompt = PromptMachine(initial: "42", keyboard: .always, cancelButton: false)
    for target in [ModalTap.Target.item(0), .scroll(1), .scroll(-1), .button(1), .button(-1)] {
      let step = prompt.respond(toTap: target)
      #expect(!step.consumed && !step.changed && step.answer == nil, "\(target)")
    }
    #expect(prompt.string == "42" && prompt.focus == .field && !prompt.isFinished)
    #expect(prompt.respond(toTap: .button(0)).answer == .text("42"))
  }
}
