import AlertsPlugin
import KeyMenuCore
import KeyMenuPluginAPI
import Testing

@Suite struct AlertQueueTests {
  let first = Alert(title: "First?", buttons: ["No", "Yes"], cancel: 0)
  let second = Alert(title: "Second?", buttons: ["Cancel", "OK"], cancel: 0)

  @Test func aSecondAlertWaitsUntilTheFirstIsAnswered() {
    var queue = AlertQueue()
    #expect(queue.show(first, id: "a1") == [.presented(id: "a1")])
    #expect(queue.show(second, id: "a2") == [])
    #expect(queue.waiting.map(\.id) == ["a2"])
    let (consumed, effects) = queue.handle(key("ENTER"))
    #expect(consumed)
    #expect(
      effects == [
        .answered(id: "a1", AlertAnswer(button: 1, title: "Yes", reason: .key, device: 1)),
        .presented(id: "a2"),
      ])
    #expect(queue.current?.id == "a2")
  }

  /// The Enter that answered the first alert is released while the second is
  /// in front: the release is swallowed, the second alert is not touched.
  @Test func theAnsweringKeysReleaseDoesNotReachTheNextAlert() {
    var queue = AlertQueue()
    _ = queue.show(first, id: "a1")
    _ = queue.show(second, id: "a2")
    _ = queue.handle(key("ENTER"))
    #expect(queue.handle(key("ENTER", .repeat)) == (true, []))
    #expect(queue.handle(key("ENTER", .up)) == (true, []))
    #expect(queue.current?.machine.answer == nil)
    #expect(queue.handle(key("ENTER", .up)).consumed == false)
    #expect(
      queue.handle(key("ESC")).effects == [
        .answered(id: "a2", AlertAnswer(button: 0, title: "Cancel", reason: .escape, device: 1))
      ])
    #expect(queue.isEmpty)
  }

  @Test func focusEffectsNameTheAlert() {
    var queue = AlertQueue()
    _ = queue.show(first, id: "a1")
    #expect(queue.handle(key("LEFT")).effects == [.focus(id: "a1", button: 0)])
  }

  @Test func timeoutOnlyAppliesToTheFrontAlert() {
    var queue = AlertQueue()
    _ = queue.show(first, id: "a1")
    _ = queue.show(second, id: "a2")
    #expect(queue.timeOut("a2") == [])
    #expect(
      queue.timeOut("a1") == [
        .answered(id: "a1", AlertAnswer(button: 0, title: "No", reason: .timeout)), .presented(id: "a2"),
      ])
  }

  @Test func dismissingAWaitingAlertAnswersItWithoutTouchingTheFront() {
    var queue = AlertQueue()
    _ = queue.show(first, id: "a1")
    _ = queue.show(second, id: "a2")
    #expect(
      queue.dismiss("a2") == [.answered(id: "a2", AlertAnswer(button: nil, title: nil, reason: .dismissed))])
    #expect(queue.current?.id == "a1")
    #expect(queue.dismiss("nope") == [])
  }

  @Test func dismissAllAnswersEveryAlertExactlyOnce() {
    var queue = AlertQueue()
    _ = queue.show(first, id: "a1")
    _ = queue.show(second, id: "a2")
    _ = queue.show(first, id: "a3")
    let effects = queue.dismissAll()
    #expect(effects.map { if case .answered(let id, _) = $0 { id } else { "other" } } == ["a1", "a2", "a3"])
    #expect(queue.isEmpty)
    #expect(queue.dismissAll() == [])
    #expect(queue.handle(key("ENTER")).consumed == false)
  }
}
