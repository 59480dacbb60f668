import AlertsPlugin
import KeyMenuCore
import KeyMenuPluginAPI
import Testing

/// Buttons chosen through a presenter (a click on a notification), not a key.
@Suite struct AlertChoiceTests {
  let first = Alert(title: "First?", buttons: ["No", "Yes"], cancel: 0)
  let second = Alert(title: "Second?", buttons: ["Cancel", "OK"], cancel: 0)

  @Test func theMachineAnswersWithReasonAction() {
    var machine = AlertMachine(first)
    #expect(machine.choose(0) == AlertAnswer(button: 0, title: "No", reason: .action))
    #expect(machine.answer == AlertAnswer(button: 0, title: "No", reason: .action))
    #expect(machine.focus == 0)
  }

  @Test func aMissingButtonOrASecondAnswerIsRefused() {
    var machine = AlertMachine(first)
    #expect(machine.choose(2) == nil)
    #expect(machine.choose(-1) == nil)
    #expect(machine.answer == nil)
    #expect(machine.choose(1)?.button == 1)
    #expect(machine.choose(0) == nil)
    #expect(machine.handle(key("ESC")) == (false, []))
    #expect(machine.answer?.button == 1)
  }

  @Test func theQueueAnswersOnlyTheFrontAlert() {
    var queue = AlertQueue()
    _ = queue.show(first, id: "a1")
    _ = queue.show(second, id: "a2")
    #expect(queue.choose(1, in: "a2") == [])
    #expect(queue.choose(5, in: "a1") == [])
    #expect(
      queue.choose(1, in: "a1") == [
        .answered(id: "a1", AlertAnswer(button: 1, title: "Yes", reason: .action)), .presented(id: "a2"),
      ])
    #expect(queue.choose(1, in: "a1") == [])
    #expect(queue.current?.id == "a2")
  }

  /// A key held while the alert is answered by a click is still swallowed on
  /// release: the next alert does not see it.
  @Test func aKeyHeldDuringTheClickDoesNotReachTheNextAlert() {
    var queue = AlertQueue()
    _ = queue.show(first, id: "a1")
    _ = queue.show(second, id: "a2")
    #expect(queue.handle(key("LEFT")).consumed)
    _ = queue.choose(1, in: "a1")
    #expect(queue.handle(key("LEFT", .up)) == (true, []))
    #expect(queue.current?.machine.focus == 1)
  }
}
